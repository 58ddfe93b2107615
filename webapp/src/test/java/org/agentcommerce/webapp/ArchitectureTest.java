package org.agentcommerce.webapp;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module walls, checked on the compiled main classes of every module and the webapp. These
 * rules are the documentation: docs/architecture.md quotes them. A rule broken here fails the
 * unit-test phase of the build.
 */
class ArchitectureTest {

  /**
   * The modules (docs/architecture.md); each must have main classes for the rules to mean anything.
   */
  static final List<String> MODULES =
      List.of("platform", "catalog", "checkout", "payment", "events", "mcp", "packs", "webapp");

  private static final Pattern MODULE = Pattern.compile("org\\.agentcommerce\\.([a-z]+)(\\..*)?");

  static JavaClasses main;

  @BeforeAll
  static void importMain() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.agentcommerce");
  }

  /** Rule 1: modules depend one way, as drawn in docs/architecture.md. */
  static final ArchRule MODULE_DIRECTION =
      layeredArchitecture()
          .consideringOnlyDependenciesInLayers()
          .layer("platform")
          .definedBy("org.agentcommerce.platform..")
          .layer("catalog")
          .definedBy("org.agentcommerce.catalog..")
          .layer("checkout")
          .definedBy("org.agentcommerce.checkout..")
          .layer("payment")
          .definedBy("org.agentcommerce.payment..")
          .layer("events")
          .definedBy("org.agentcommerce.events..")
          .layer("mcp")
          .definedBy("org.agentcommerce.mcp..")
          .layer("packs")
          .definedBy("org.agentcommerce.packs..")
          .layer("webapp")
          .definedBy("org.agentcommerce.webapp..")
          .whereLayer("webapp")
          .mayNotBeAccessedByAnyLayer()
          .whereLayer("mcp")
          .mayOnlyBeAccessedByLayers("webapp")
          .whereLayer("events")
          .mayOnlyBeAccessedByLayers("webapp")
          .whereLayer("packs")
          .mayOnlyBeAccessedByLayers("webapp")
          .whereLayer("payment")
          .mayOnlyBeAccessedByLayers("mcp", "webapp")
          .whereLayer("checkout")
          .mayOnlyBeAccessedByLayers("payment", "events", "mcp", "webapp")
          .whereLayer("catalog")
          .mayOnlyBeAccessedByLayers("checkout", "payment", "events", "mcp", "packs", "webapp")
          .because("a lower module never names a higher one: it declares a port in its api");

  /**
   * Rule 2: a module reaches another only through what that module exports: its {@code api}, its
   * {@code spi} (plug-in interfaces) and its {@code interfaces.jmx} (operator MBeans).
   */
  static final ArchRule ONLY_EXPORTED_PACKAGES =
      classes()
          .that()
          .resideInAPackage("org.agentcommerce..")
          .should(reachOtherModulesOnlyThroughExports())
          .because("everything but a module's api, spi and interfaces.jmx is internal to it");

  /** Rule 3: the domain layer is plain Java: no HTTP, JSON or JDBC. */
  static final ArchRule PLAIN_DOMAIN =
      noClasses()
          .that()
          .resideInAPackage("org.agentcommerce.*.domain..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "jakarta.ws.rs..", "jakarta.json..", "jakarta.servlet..", "java.sql..", "javax.sql..")
          .because("domain holds entities, value objects and repository interfaces only");

  /**
   * Rule 4: resources (the {@code @Path} classes) are thin: no SQL, no JPA, no transactions of
   * their own. The exception mappers beside them may name the persistence exceptions they map.
   */
  static final ArchRule THIN_RESOURCES =
      noClasses()
          .that()
          .resideInAPackage("org.agentcommerce.*.interfaces.rest..")
          .and()
          .areAnnotatedWith(jakarta.ws.rs.Path.class)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "java.sql..", "javax.sql..", "jakarta.persistence..", "jakarta.transaction..")
          .because("resources map the wire to application services, which own the transactions");

  /**
   * Not a wall, a trap: Payara's OpenAPI scanner reads a method's parameters from the
   * {@code @Parameters} container javac makes of two or more {@code @Parameter}s and drops a lone
   * one, so a single documented parameter is written inside {@code @Parameters(…)}.
   */
  static final ArchRule NO_LONE_PARAMETER =
      com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods()
          .that()
          .areDeclaredInClassesThat()
          .resideInAPackage("org.agentcommerce..")
          .should()
          .beAnnotatedWith(org.eclipse.microprofile.openapi.annotations.parameters.Parameter.class)
          .because(
              "the OpenAPI document would silently lose it (write @Parameters(@Parameter(…)))");

  @Test
  void noParameterIsDroppedFromTheDocument() {
    NO_LONE_PARAMETER.check(main);
  }

  @Test
  void modulesDependOneWay() {
    MODULE_DIRECTION.check(main);
  }

  @Test
  void modulesMeetOnlyThroughExports() {
    ONLY_EXPORTED_PACKAGES.check(main);
  }

  @Test
  void domainIsPlainJava() {
    PLAIN_DOMAIN.check(main);
  }

  @Test
  void resourcesHoldNoSqlOrTransactions() {
    THIN_RESOURCES.check(main);
  }

  @Test
  void theRulesSeeEveryModule() {
    // A rule over no classes proves nothing: every module's classes were imported.
    for (String module : MODULES) {
      boolean found =
          main.stream().anyMatch(c -> c.getPackageName().startsWith("org.agentcommerce." + module));
      if (!found) {
        throw new AssertionError("no main classes of module " + module + " were imported");
      }
    }
  }

  static String moduleOf(String className) {
    Matcher m = MODULE.matcher(className);
    return m.matches() ? m.group(1) : null;
  }

  static boolean exported(String className) {
    Matcher m = MODULE.matcher(className);
    if (!m.matches()) {
      return true;
    }
    String rest = m.group(2) == null ? "" : m.group(2);
    return rest.startsWith(".api.")
        || rest.startsWith(".spi.")
        || rest.startsWith(".interfaces.jmx.");
  }

  private static ArchCondition<JavaClass> reachOtherModulesOnlyThroughExports() {
    return new ArchCondition<>(
        "reach other modules only through their api, spi or interfaces.jmx") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        String own = moduleOf(origin.getName());
        origin.getDirectDependenciesFromSelf().stream()
            .filter(d -> d.getTargetClass().getPackageName().startsWith("org.agentcommerce."))
            .filter(
                d -> {
                  String target = d.getTargetClass().getName();
                  String other = moduleOf(target);
                  return other != null && !other.equals(own) && !exported(target);
                })
            .forEach(d -> events.add(SimpleConditionEvent.violated(d, d.getDescription())));
      }
    };
  }
}
