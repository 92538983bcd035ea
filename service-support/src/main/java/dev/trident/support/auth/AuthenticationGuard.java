package dev.trident.support.auth;

import dev.trident.support.config.TridentConfig;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigUtils;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses to start a service whose token verification would be unsafe: production without a key,
 * issuer or audience to verify bearer tokens with, or any profile but dev trusting the development
 * issuer (the local stack and the tests say so explicitly with {@code trident.auth.local-stack=true}).
 */
@ApplicationScoped
public class AuthenticationGuard {

    /** The issuer of the tokens minted by {@code deploy/token.sh} (DevTokens) and the tests. */
    public static final String DEVELOPMENT_ISSUER = "https://trident.local/dev";
    /** The {@code aud} the services expect unless {@code TRIDENT_JWT_AUDIENCE} says otherwise. */
    public static final String DEFAULT_AUDIENCE = "trident";

    private final Optional<String> keyLocation;
    private final Optional<String> issuer;
    private final Optional<String> audience;
    private final TridentConfig config;

    AuthenticationGuard(@ConfigProperty(name = "mp.jwt.verify.publickey.location") Optional<String> keyLocation,
            @ConfigProperty(name = "mp.jwt.verify.issuer") Optional<String> issuer,
            @ConfigProperty(name = "mp.jwt.verify.audiences") Optional<String> audience, TridentConfig config) {
        this.keyLocation = keyLocation;
        this.issuer = issuer;
        this.audience = audience;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        refusal(ConfigUtils.getProfiles(), config.auth().localStack(), keyLocation, issuer, audience)
                .ifPresent(reason -> {
                    throw new IllegalStateException(reason);
                });
    }

    /** Why this configuration must not serve requests, or empty when it may. */
    static Optional<String> refusal(List<String> profiles, boolean localStack, Optional<String> keyLocation,
            Optional<String> issuer, Optional<String> audience) {
        boolean production = profiles.contains("prod");
        if (production && isBlank(keyLocation)) {
            return Optional.of("TRIDENT_JWT_PUBLIC_KEY_LOCATION is not set: a production service verifies bearer tokens "
                    + "with the issuer's public key, as a PEM file (file:/path/key.pem) or a JWKS URL "
                    + "(mp.jwt.verify.publickey.location)");
        }
        if (production && isBlank(issuer)) {
            return Optional.of("TRIDENT_JWT_ISSUER is not set: a production service accepts only the tokens of the "
                    + "configured issuer (mp.jwt.verify.issuer), e.g. the OIDC provider's issuer URL");
        }
        if (production && audience.map(a -> a.replace(",", "")).filter(a -> !a.isBlank()).isEmpty()) {
            return Optional.of("TRIDENT_JWT_AUDIENCE is blank: a production service accepts only tokens whose aud "
                    + "names it (mp.jwt.verify.audiences, " + DEFAULT_AUDIENCE + " unless set), never tokens the "
                    + "issuer minted for another application");
        }
        if (issuer.map(String::strip).filter(DEVELOPMENT_ISSUER::equals).isPresent() && !profiles.contains("dev")
                && !localStack) {
            return Optional.of("TRIDENT_JWT_ISSUER is the development issuer " + DEVELOPMENT_ISSUER + ", trusted only in "
                    + "the dev profile or the local stack (TRIDENT_AUTH_LOCAL_STACK=true, set by deploy/run.sh): "
                    + "configure the real issuer");
        }
        return Optional.empty();
    }

    private static boolean isBlank(Optional<String> value) {
        return value.map(String::isBlank).orElse(true);
    }
}
