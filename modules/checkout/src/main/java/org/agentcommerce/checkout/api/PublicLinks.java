package org.agentcommerce.checkout.api;

import jakarta.ws.rs.core.UriInfo;
import java.net.URI;

/**
 * The address the links we hand out (hosted pages, the sandbox storefront) are built on: the
 * configured public address, or the request's own if its host is one of ours (421 HOST_NOT_ALLOWED
 * otherwise: a forged Host never becomes a link).
 */
public interface PublicLinks {

  URI of(UriInfo request);
}
