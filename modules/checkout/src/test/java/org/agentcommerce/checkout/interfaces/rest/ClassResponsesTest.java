package org.agentcommerce.checkout.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.junit.jupiter.api.Test;

/**
 * The responses a resource declares once on its class reach its operations in the served document
 * only where Payara adds them: a class's one response to an operation that declares at most one of
 * its own, a class's several responses to an operation that declares none or several.
 */
class ClassResponsesTest {

  @Test
  void theSeveralClassResponsesReachEveryOperation() {
    for (Class<?> resource : List.of(HostedCheckoutResource.class, SandboxPartnerResource.class)) {
      assertTrue(resource.getAnnotationsByType(APIResponse.class).length >= 2, resource::getName);
      for (Method m : operations(resource)) {
        assertFalse(declared(m) == 1, () -> m + " declares one response: the class's are lost");
      }
    }
  }

  @Test
  void thePagesGetTheClass200AndTheAssetsKeepTheirOwn() {
    assertEquals(1, HostedPagesResource.class.getAnnotationsByType(APIResponse.class).length);
    for (Method m : operations(HostedPagesResource.class)) {
      if (m.getName().equals("asset")) {
        assertTrue(declared(m) >= 2, m::toString);
      } else {
        assertEquals(1, declared(m), m::toString);
      }
    }
  }

  private static List<Method> operations(Class<?> resource) {
    List<Method> operations =
        Arrays.stream(resource.getDeclaredMethods())
            .filter(m -> m.isAnnotationPresent(GET.class) || m.isAnnotationPresent(POST.class))
            .toList();
    assertFalse(operations.isEmpty(), resource::getName);
    return operations;
  }

  private static int declared(Method m) {
    return m.getAnnotationsByType(APIResponse.class).length;
  }
}
