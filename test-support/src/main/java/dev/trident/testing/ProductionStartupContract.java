package dev.trident.testing;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A packaged service in the prod profile refuses to start when its bearer-token verification would be unsafe:
 * without the issuer's key and issuer, or trusting the development issuer outside the local stack. Each service
 * runs it against its own jar (a {@code *IT} class, after packaging).
 */
public abstract class ProductionStartupContract {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** The Maven module whose packaged jar is run, e.g. {@code social-service}. */
    protected abstract String module();

    @Test
    void withoutAKeyLocationOrIssuerTheServiceRefusesToStartAndSaysWhatIsMissing() {
        ServiceProcess.Exit exit = ServiceProcess.runUntilItExits(module(), Map.of(), TIMEOUT);

        assertNotEquals(0, exit.code(), exit.output());
        assertTrue(exit.output().contains("mp.jwt.verify.publickey.location")
                && exit.output().contains("mp.jwt.verify.issuer"), exit.output());
    }

    @Test
    void theDevelopmentIssuerOutsideTheLocalStackIsRefused() {
        Map<String, String> env = new HashMap<>(Tokens.environment());
        env.put("TRIDENT_AUTH_LOCAL_STACK", "false");

        ServiceProcess.Exit exit = ServiceProcess.runUntilItExits(module(), env, TIMEOUT);

        assertNotEquals(0, exit.code(), exit.output());
        assertTrue(exit.output().contains("TRIDENT_JWT_ISSUER is the development issuer"), exit.output());
    }
}
