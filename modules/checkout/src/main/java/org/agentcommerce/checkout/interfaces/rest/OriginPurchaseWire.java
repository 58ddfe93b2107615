package org.agentcommerce.checkout.interfaces.rest;

import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.agentcommerce.checkout.application.ShipTo;
import org.agentcommerce.checkout.application.partner.PurchaseRequest;
import org.agentcommerce.checkout.interfaces.rest.PartnerPurchaseResource.PartnerPurchaseRequest;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.InvalidInputException.Violation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The origin service's partner purchase members beside ours (issue 38, docs/compatibility.md): its
 * {@code buyer} with the partner client's camelCase address, and how a body in either shape becomes
 * one {@link PurchaseRequest}. Every origin member is used, kept in the canonical request, or
 * refused with a 422 at its own location; a member and its origin alias must not both be sent
 * unless they agree.
 */
public final class OriginPurchaseWire {

  private OriginPurchaseWire() {}

  /** A bare host name: labels of letters, digits and inner hyphens, at least two of them. */
  static final String DOMAIN =
      "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
          + "[A-Za-z0-9])?)+";

  /** The origin's buyer: the contact of this purchase, its consent tag and its address. */
  @Schema(
      name = "PartnerOriginBuyer",
      description =
          "The origin's buyer, instead of contact and shipping_address (not with them);"
              + " email, consent_version and shipping_address are required in it")
  public record Buyer(
      @Email @Size(max = 320) @Schema(required = true, format = "email", maxLength = 320)
          String email,
      @Size(max = 200) @Schema(maxLength = 200, description = "Used where the address has no name")
          String name,
      @Size(max = 40) @Schema(maxLength = 40, description = "Used where the address has no phone")
          String phone,
      @Size(max = 32)
          @Pattern(regexp = "[^\\p{Cntrl}]*[^\\p{Cntrl}\\s][^\\p{Cntrl}]*")
          @Schema(
              required = true,
              minLength = 1,
              maxLength = 32,
              description =
                  "The version tag of the terms the buyer accepted (required; kept with the"
                      + " purchase and part of its request: another tag under the same"
                      + " idempotency key is 409 idempotency_conflict)")
          String consentVersion,
      @Valid Address shippingAddress) {}

  /** The origin's address, in its partner client's camelCase names. */
  @Schema(name = "PartnerOriginAddress", description = "The origin's camelCase shipping address")
  public record Address(
      @JsonbProperty("firstName")
          @Size(max = 100)
          @Schema(
              name = "firstName",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 100,
              description = "Required (or buyer.name)")
          String firstName,
      @JsonbProperty("lastName")
          @Size(max = 100)
          @Schema(
              name = "lastName",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 100)
          String lastName,
      @JsonbProperty("phone")
          @Size(max = 40)
          @Schema(
              name = "phone",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 40)
          String phone,
      @JsonbProperty("addressLine1")
          @Size(max = 300)
          @Schema(
              name = "addressLine1",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 300,
              description = "Required")
          String addressLine1,
      @JsonbProperty("addressLine2")
          @Size(max = 300)
          @Schema(
              name = "addressLine2",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 300)
          String addressLine2,
      @JsonbProperty("city")
          @Size(max = 120)
          @Schema(
              name = "city",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 120,
              description = "Required")
          String city,
      @JsonbProperty("region")
          @Size(max = 10)
          @Schema(
              name = "region",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 10,
              description = "Our state")
          String region,
      @JsonbProperty("postalCode")
          @Size(max = 20)
          @Schema(
              name = "postalCode",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              maxLength = 20,
              description = "Required here")
          String postalCode,
      @JsonbProperty("country")
          @Pattern(regexp = "[A-Za-z]{2}")
          @Schema(
              name = "country",
              extensions = @Extension(name = "x-keep-name", value = "true"),
              description = "ISO 3166-1 alpha-2; required")
          String country) {}

  /**
   * The request a create, resume or recover body names. {@code merchantForDomain} turns a
   * merchant_domain into our merchant id (create); resume and recover pass null, as they never look
   * a merchant up (the canonical request names the domain, not the id).
   */
  static PurchaseRequest request(
      PartnerPurchaseRequest b, UnaryOperator<String> merchantForDomain) {
    List<Violation> bad = new ArrayList<>();
    String merchantId = b.merchantId();
    merchant(bad, merchantId, b.merchantDomain());
    String product = one(bad, b.productId(), "product_id", b.productKey(), "product_key");
    String sku = one(bad, b.sku(), "sku", b.variantKey(), "variant_key");
    if (b.offerCode() != null) {
      bad.add(
          violation(
              "offer_code",
              "Offer codes are not taken on partner purchases: omit offer_code (nothing was"
                  + " opened)",
              "value_error.offer_code_unsupported"));
    }
    checkReturnUrl(bad, b.returnUrl());
    PurchaseRequest.Contact contact = null;
    ShipTo address = null;
    String consent = null;
    Buyer buyer = b.buyer();
    if (buyer != null) {
      if (b.contact() != null || b.shippingAddress() != null) {
        bad.add(
            violation(
                "buyer",
                "Send buyer, or contact and shipping_address, not both",
                "value_error.one_of"));
      }
      if (blank(buyer.email())) {
        bad.add(missing("buyer", "email"));
      }
      if (blank(buyer.consentVersion())) {
        bad.add(
            new Violation(
                List.of("body", "buyer", "consent_version"),
                "consent_required: the buyer's consent tag is required",
                "value_error.consent_required"));
      }
      consent = buyer.consentVersion();
      contact = new PurchaseRequest.Contact(buyer.email(), buyer.name(), buyer.phone());
      address = address(bad, buyer);
    } else {
      if (b.contact() == null) {
        bad.add(missing("contact"));
      }
      if (b.shippingAddress() == null) {
        bad.add(missing("shipping_address"));
      }
    }
    if (!bad.isEmpty()) {
      throw new InvalidInputException(bad);
    }
    if (buyer == null) {
      contact =
          new PurchaseRequest.Contact(b.contact().email(), b.contact().name(), b.contact().phone());
      address = WireItems.address(b.shippingAddress(), "shipping_address");
    }
    String domain = b.merchantDomain();
    if (domain != null && merchantForDomain != null) {
      merchantId = merchantForDomain.apply(domain);
    }
    return new PurchaseRequest(
        b.idempotencyKey(),
        merchantId,
        product,
        sku,
        b.quantity(),
        b.expectedUnitPriceMinor(),
        b.expectedCurrency(),
        contact,
        address,
        domain,
        "cart_link".equals(b.itemSource()) ? b.itemSource() : null,
        consent,
        b.returnUrl());
  }

  /** Exactly one of merchant_id and merchant_domain. */
  static void merchant(List<Violation> bad, String merchantId, String merchantDomain) {
    blankIsRefused(bad, merchantId, "merchant_id");
    if (merchantDomain != null && merchantId != null) {
      bad.add(
          violation(
              "merchant_domain",
              "Send merchant_id or merchant_domain, not both",
              "value_error.one_of"));
    } else if (merchantDomain == null && merchantId == null) {
      bad.add(missing("merchant_id"));
    }
  }

  private static ShipTo address(List<Violation> bad, Buyer buyer) {
    Address a = buyer.shippingAddress();
    if (a == null) {
      bad.add(missing("buyer", "shipping_address"));
      return null;
    }
    String name =
        blank(a.firstName())
            ? buyer.name()
            : a.lastName() == null ? a.firstName() : a.firstName() + " " + a.lastName();
    if (blank(name)) {
      bad.add(missing("buyer", "shipping_address", "firstName"));
    }
    if (blank(a.addressLine1())) {
      bad.add(missing("buyer", "shipping_address", "addressLine1"));
    }
    if (blank(a.city())) {
      bad.add(missing("buyer", "shipping_address", "city"));
    }
    if (blank(a.postalCode())) {
      bad.add(missing("buyer", "shipping_address", "postalCode"));
    }
    if (blank(a.country())) {
      bad.add(missing("buyer", "shipping_address", "country"));
    }
    return new ShipTo(
        name,
        a.addressLine1(),
        a.addressLine2(),
        a.city(),
        a.region(),
        a.postalCode(),
        a.country(),
        a.phone() == null ? buyer.phone() : a.phone());
  }

  /** An https address without userinfo, or absent. */
  private static void checkReturnUrl(List<Violation> bad, String url) {
    if (url == null) {
      return;
    }
    boolean ok;
    try {
      URI u = new URI(url);
      ok =
          "https".equalsIgnoreCase(u.getScheme()) && u.getHost() != null && u.getUserInfo() == null;
    } catch (java.net.URISyntaxException e) {
      ok = false;
    }
    if (!ok) {
      bad.add(
          violation(
              "return_url",
              "return_url must be an absolute https address without userinfo",
              "value_error.url"));
    }
  }

  /**
   * The value of a member or of its origin alias: both sent and different is a 422 at the alias;
   * neither sent is a 422 at ours (missing).
   */
  static String one(
      List<Violation> bad, String ours, String ourName, String origin, String originName) {
    blankIsRefused(bad, ours, ourName);
    blankIsRefused(bad, origin, originName);
    if (ours != null && origin != null && !ours.equals(origin)) {
      bad.add(
          violation(
              originName,
              originName + " names another value than " + ourName + "; send one of them",
              "value_error.one_of"));
    }
    if (ours == null && origin == null) {
      bad.add(missing(ourName));
    }
    return ours != null ? ours : origin;
  }

  /** A member that is sent must name something: blank is a 422 at it. */
  private static void blankIsRefused(List<Violation> bad, String value, String member) {
    if (value != null && value.isBlank()) {
      bad.add(violation(member, member + " must not be blank", "string_too_short"));
    }
  }

  static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  static Violation missing(String... path) {
    List<Object> loc = new ArrayList<>();
    loc.add("body");
    loc.addAll(List.of((Object[]) path));
    return new Violation(loc, "Field required", "missing");
  }

  static Violation violation(String member, String message, String type) {
    return new Violation(List.of("body", member), message, type);
  }
}
