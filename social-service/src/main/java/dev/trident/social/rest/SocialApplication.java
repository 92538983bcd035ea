package dev.trident.social.rest;

import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * Declares the bearer scheme in the OpenAPI document so Swagger UI can authorize; the resources require it
 * with {@code @SecurityRequirement(name = "bearer")}. Routes and their rules: {@code service.AccessRules}.
 */
@SecurityScheme(securitySchemeName = SocialApplication.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT", description = "RS256 JWT; `sub` is the caller's user id")
public class SocialApplication extends Application {

    static final String BEARER = "bearer";
}
