package org.agentcommerce.checkout.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.function.Function;
import org.agentcommerce.platform.api.ApiException;
import org.junit.jupiter.api.Test;

class HostedPagesResourceTest {

  private final HostedPagesResource pages = new HostedPagesResource();

  @Test
  void everyPageIsTheShellWithItsPageAndIdUnderTheStrictPolicy() {
    record Page(Function<String, Response> route, String name, String id) {}
    for (Page p :
        List.of(
            new Page(pages::checkout, "checkout", "ci_abc123"),
            new Page(pages::approval, "approval", "hil_abc123"),
            new Page(pages::authorization, "authorization", "pa_abc123"))) {
      Response r = p.route().apply(p.id());
      assertEquals(200, r.getStatus());
      assertEquals(MediaType.valueOf("text/html; charset=UTF-8"), r.getMediaType());
      assertEquals("no-store", r.getHeaderString("Cache-Control"));
      assertSecured(r);
      String html = (String) r.getEntity();
      assertTrue(html.contains("data-page=\"" + p.name() + "\" data-id=\"" + p.id() + "\""), html);
    }
  }

  @Test
  void anIdOfAnotherKindIsNotAPage() {
    for (Function<String, Response> route :
        List.<Function<String, Response>>of(
            pages::checkout, pages::approval, pages::authorization)) {
      assertEquals(404, assertThrows(ApiException.class, () -> route.apply("x")).status());
      assertEquals(404, assertThrows(ApiException.class, () -> route.apply(null)).status());
    }
    assertEquals(
        404, assertThrows(ApiException.class, () -> pages.checkout("hil_abc123")).status());
    assertEquals(404, assertThrows(ApiException.class, () -> pages.approval("ci_abc123")).status());
  }

  @Test
  void assetsAreRevalidatedAndOnlyTheTwoAreServed() {
    Response js = pages.asset("checkout.js");
    assertEquals(200, js.getStatus());
    assertEquals(MediaType.valueOf("text/javascript; charset=utf-8"), js.getMediaType());
    assertEquals("no-cache", js.getHeaderString("Cache-Control"));
    assertSecured(js);
    assertEquals(
        MediaType.valueOf("text/css; charset=utf-8"), pages.asset("checkout.css").getMediaType());
    assertEquals(404, assertThrows(ApiException.class, () -> pages.asset("x.js")).status());
  }

  private static void assertSecured(Response r) {
    assertEquals(HostedPagesResource.CSP, r.getHeaderString("Content-Security-Policy"));
    assertEquals("DENY", r.getHeaderString("X-Frame-Options"));
    assertEquals("no-referrer", r.getHeaderString("Referrer-Policy"));
    assertEquals("nosniff", r.getHeaderString("X-Content-Type-Options"));
    assertEquals("same-origin", r.getHeaderString("Cross-Origin-Opener-Policy"));
  }
}
