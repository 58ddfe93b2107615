package org.agentcommerce.platform.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

class HttpFiguresFilterTest {

  @Path("/agent/v1/orders/")
  static class Orders {
    @GET
    public void list() {}

    @GET
    @Path("{order_id}")
    public void one() {}

    @GET
    @Path("/{order_id : ord_[a-z0-9]+}/events/{kind}")
    public void events() {}
  }

  static class Bare {
    @GET
    public void root() {}
  }

  @Test
  void theRouteIsTheTemplateNeverThePath() throws Exception {
    assertEquals("/agent/v1/orders", route(Orders.class, "list"));
    assertEquals("/agent/v1/orders/{order_id}", route(Orders.class, "one"));
    assertEquals("/agent/v1/orders/{order_id}/events/{kind}", route(Orders.class, "events"));
    assertEquals("/", route(Bare.class, "root"));
  }

  private static String route(Class<?> type, String method) throws Exception {
    return HttpFiguresFilter.route(type, type.getMethod(method));
  }
}
