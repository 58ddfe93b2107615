package org.agentcommerce.payment.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.agentcommerce.payment.application.BuyerPages;
import org.agentcommerce.platform.api.NoStore;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The buyer's two pages share one implementation ({@link BuyerPageResource}) and one documentation
 * of their answers ({@link BuyerPageApi}); what each kind declares must agree with itself.
 */
class BuyerPageResourceTest {

  /** What a page asked of the application layer; there is no JAX-RS runtime to answer here. */
  static final class Asked extends RuntimeException {
    Asked(String what) {
      super(what);
    }
  }

  /** The application layer, recording what it is asked and answering nothing. */
  static final class Recording extends BuyerPages {
    @Override
    public DecisionView view(String kind, String id, String token) {
      throw new Asked("view " + kind + " " + id + " " + token);
    }

    @Override
    public DecisionView decide(String kind, String id, String token, boolean approve) {
      throw new Asked("decide " + kind + " " + id + " " + token + " " + approve);
    }
  }

  /** {@code page} asks the application layer about {@code request} (kind, id, token) alone. */
  private static void assertAsks(String request, BuyerPageResource page) {
    page.pages = new Recording();
    page.token = "bpt_1";
    assertEquals("view " + request, assertThrows(Asked.class, page::view).getMessage());
    assertEquals(
        "decide " + request + " true", assertThrows(Asked.class, page::approve).getMessage());
    assertEquals(
        "decide " + request + " false", assertThrows(Asked.class, page::decline).getMessage());
  }

  @Test
  void eachPageAsksForItsOwnKindWithThePathIdAndThePageToken() {
    ApprovalPageResource approval = new ApprovalPageResource();
    approval.id = "hil_1";
    assertAsks("approval hil_1 bpt_1", approval);
    AuthorizationPageResource authorization = new AuthorizationPageResource();
    authorization.id = "mtk_1";
    assertAsks("authorization mtk_1 bpt_1", authorization);
  }

  @ParameterizedTest
  @ValueSource(classes = {ApprovalPageResource.class, AuthorizationPageResource.class})
  void aKindRoutesAndNamesEveryOperationWithItsOwnPathParameter(Class<?> kind) throws Exception {
    assertNotNull(kind.getAnnotation(NoStore.class), "every answer, refusals included, no-store");
    assertNotNull(kind.getAnnotation(Produces.class));
    String path = kind.getAnnotation(Path.class).value();
    String parameter = path.replaceAll(".*\\{(\\w+)}.*", "$1");
    assertEquals(parameter, kind.getDeclaredField("id").getAnnotation(PathParam.class).value());
    for (Method declared : BuyerPageApi.class.getDeclaredMethods()) {
      String name = declared.getName();
      Method own = kind.getDeclaredMethod(name);
      boolean view = name.equals("view");
      assertTrue(own.isAnnotationPresent(view ? GET.class : POST.class), own.toString());
      Path sub = own.getAnnotation(Path.class);
      assertEquals(view ? null : "/" + name, sub == null ? null : sub.value(), own.toString());
      String suffix =
          view ? "Page" : "Page" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
      assertTrue(own.getAnnotation(Operation.class).operationId().endsWith(suffix), own.toString());
      // The document lists the path parameter, then the page token, on every operation.
      assertEquals(
          List.of(parameter, "X-Page-Token"),
          Arrays.stream(own.getAnnotationsByType(Parameter.class)).map(Parameter::name).toList());
    }
  }

  @Test
  void theSharedDeclarationsCarryNoRouteAndTheBaseClassNoAnnotatedMethod() {
    // A @Path method on the interface makes the container take it for a resource it cannot
    // instantiate (a warning at every start); the OpenAPI scanner would document an annotated
    // method of the base class under a path of its own ("null/approve").
    for (Method m : BuyerPageApi.class.getDeclaredMethods()) {
      for (Annotation a : m.getAnnotations()) {
        assertFalse(a.annotationType().getPackageName().startsWith("jakarta.ws.rs"), m + ": " + a);
      }
    }
    for (Method m : BuyerPageResource.class.getDeclaredMethods()) {
      assertEquals(0, m.getAnnotations().length, m.toString());
    }
  }
}
