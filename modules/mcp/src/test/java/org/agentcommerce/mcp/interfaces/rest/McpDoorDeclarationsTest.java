package org.agentcommerce.mcp.interfaces.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.junit.jupiter.api.Test;

/**
 * The doors take their methods, body and shared answers from {@link McpDoorOperations} only while
 * they declare them in the shape the runtimes inherit: no JAX-RS or response annotation on a door's
 * own methods, and the door's own answers as a class-level {@code @APIResponses} container.
 */
class McpDoorDeclarationsTest {

  private static final List<Class<? extends McpDoorResource>> DOORS =
      List.of(OpenMcpResource.class, KeyedMcpResource.class);

  @Test
  void eachDoorImplementsTheSharedOperationsDirectly() {
    for (Class<?> door : DOORS) {
      assertTrue(
          Arrays.asList(door.getInterfaces()).contains(McpDoorOperations.class), door::getName);
    }
  }

  @Test
  void aDoorsMethodsCarryOnlyTheirOperationSoThatTheSharedAnnotationsApply() throws Exception {
    Set<String> operationIds = new HashSet<>();
    for (Class<?> door : DOORS) {
      for (Method shared : McpDoorOperations.class.getDeclaredMethods()) {
        Method own = door.getDeclaredMethod(shared.getName(), shared.getParameterTypes());
        for (Annotation a : own.getDeclaredAnnotations()) {
          String type = a.annotationType().getName();
          assertTrue(
              !type.startsWith("jakarta.ws.rs.")
                  && a.annotationType() != APIResponse.class
                  && a.annotationType() != APIResponses.class,
              () -> own + " declares " + type + " of its own");
        }
        for (Annotation[] onParameter : own.getParameterAnnotations()) {
          assertEquals(0, onParameter.length, own::toString);
        }
        Operation operation = own.getDeclaredAnnotation(Operation.class);
        assertNotNull(operation, own::toString);
        assertTrue(operationIds.add(operation.operationId()), operation::operationId);
      }
    }
    assertEquals(6, operationIds.size());
  }

  @Test
  void aDoorsOwnAnswersAreOneContainerSoThatTheyMergeIntoEachOperation() {
    assertEquals(Set.of("429"), ownCodes(OpenMcpResource.class));
    assertEquals(Set.of("401", "429"), ownCodes(KeyedMcpResource.class));
  }

  private static Set<String> ownCodes(Class<?> door) {
    assertNull(door.getDeclaredAnnotation(APIResponse.class), door::getName);
    APIResponses answers = door.getDeclaredAnnotation(APIResponses.class);
    assertNotNull(answers, door::getName);
    Set<String> codes = new HashSet<>();
    for (APIResponse answer : answers.value()) {
      codes.add(answer.responseCode());
    }
    return codes;
  }
}
