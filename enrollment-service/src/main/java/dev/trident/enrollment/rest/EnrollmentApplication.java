package dev.trident.enrollment.rest;

import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * Declares the bearer scheme in the OpenAPI document so Swagger UI can authorize; each resource requires it with
 * {@code @SecurityRequirement(name = BEARER)}. Tokens are RS256 JWTs: {@code sub} is the caller, {@code groups} its
 * roles ({@code registrar}, {@code instructor}).
 */
@SecurityScheme(securitySchemeName = EnrollmentApplication.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT", description = "RS256 JWT: sub = the caller's user id, groups = roles (registrar, instructor)")
public class EnrollmentApplication extends Application {

    static final String BEARER = "bearer";
}
