package dev.trident.workspace.rest;

import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * Declares the bearer scheme in the OpenAPI document so Swagger UI can authorize; every resource requires it with
 * {@code @SecurityRequirement(name = "bearer")}. Who may do what: {@code service.AccessRules}.
 */
@SecurityScheme(securitySchemeName = WorkspaceApplication.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT", description = "RS256 JWT; `sub` is the caller's user id, `groups` its platform roles")
public class WorkspaceApplication extends Application {

    static final String BEARER = "bearer";
}
