package org.agentcommerce.packs.api;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The result of validating a pack: ok when there is no error (docs/packs.md lists the rules). */
@Schema(name = "PackValidation")
public record Validation(
    @Schema(required = true) boolean ok,
    @Schema(required = true, type = SchemaType.ARRAY, implementation = Issue.class)
        List<Issue> errors,
    @Schema(required = true, type = SchemaType.ARRAY, implementation = Issue.class)
        List<Issue> warnings) {

  /** One broken rule: its code and the JSON path of what broke it. */
  @Schema(name = "PackValidationIssue")
  public record Issue(
      @Schema(required = true, example = "missing_evidence") String code,
      @Schema(required = true, example = "$.recommendations[0].claims[0].evidence") String path,
      @Schema(required = true) String message) {}
}
