package dev.trident.testing;

import dev.trident.local.DevTokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Bearer tokens for tests: one RSA key pair per test JVM, its public key written to a temporary
 * PEM file that every service under test verifies with ({@link #config()}, returned by
 * {@link DynamoDbLocalResource} and {@link PackagedServiceResource}, passed on by
 * {@link ServiceProcess}).
 * <pre>
 *   given().auth().oauth2(Tokens.user("u1").roles("registrar").token())
 *   given().header("Authorization", Tokens.user("u1").expired().bearer())
 * </pre>
 * Well-formed tokens are minted as {@code deploy/token.sh} mints them (smallrye-jwt-build, {@link DevTokens#sign});
 * a token with claims set or removed by hand, or {@code alg: none}, is written as given ({@link HandMadeTokens}).
 */
public final class Tokens {

    /** The issuer the test tokens carry: the development issuer, trusted with the local-stack flag. */
    public static final String ISSUER = DevTokens.ISSUER;
    /** The audience the test tokens carry: the services' default. */
    public static final String AUDIENCE = DevTokens.AUDIENCE;
    private static final Duration TTL = Duration.ofMinutes(30);

    private Tokens() {
    }

    /** The verification settings of a service under test, as a Quarkus test resource returns them. */
    public static Map<String, String> config() {
        return Map.of(
                "mp.jwt.verify.publickey.location", publicKeyLocation(),
                "mp.jwt.verify.issuer", ISSUER,
                "mp.jwt.verify.audiences", AUDIENCE,
                "trident.auth.local-stack", "true");
    }

    /** The same settings as environment variables, for a service run from its packaged jar. */
    public static Map<String, String> environment() {
        return Map.of(
                "TRIDENT_JWT_PUBLIC_KEY_LOCATION", publicKeyLocation(),
                "TRIDENT_JWT_ISSUER", ISSUER,
                "TRIDENT_JWT_AUDIENCE", AUDIENCE,
                "TRIDENT_AUTH_LOCAL_STACK", "true");
    }

    /** {@code file:} URL of the PEM public key the services verify test tokens with. */
    public static String publicKeyLocation() {
        return "file:" + Keys.PUBLIC_KEY_FILE.toAbsolutePath();
    }

    /** A token for this user (its {@code sub}); valid, no roles, until changed. */
    public static Builder user(String userId) {
        return new Builder(userId);
    }

    /** Not a JWT at all. */
    public static String garbage() {
        return "not-a-jwt";
    }

    public static final class Builder {

        private final String userId;
        private List<String> roles = List.of();
        private String issuer = ISSUER;
        private Instant issuedAt;
        private Instant expiresAt;
        private boolean anotherKey;
        private boolean unsigned;
        private final Map<String, Object> claims = new LinkedHashMap<>();
        private final Set<String> withoutClaims = new HashSet<>();

        private Builder(String userId) {
            this.userId = userId;
            this.issuedAt = Instant.now();
            this.expiresAt = issuedAt.plus(TTL);
        }

        /** The {@code groups} claim: the caller's roles. */
        public Builder roles(String... roles) {
            this.roles = List.of(roles);
            return this;
        }

        public Builder issuer(String issuer) {
            this.issuer = issuer;
            return this;
        }

        /** Valid from now for {@code ttl}. */
        public Builder expiresIn(Duration ttl) {
            this.issuedAt = Instant.now();
            this.expiresAt = issuedAt.plus(ttl);
            return this;
        }

        /** Expired an hour ago, well beyond the allowed clock skew. */
        public Builder expired() {
            this.issuedAt = Instant.now().minus(Duration.ofHours(2));
            this.expiresAt = Instant.now().minus(Duration.ofHours(1));
            return this;
        }

        /** Issued and valid only from an hour from now ({@code iat} and {@code nbf} in the future). */
        public Builder notYetValid() {
            this.issuedAt = Instant.now().plus(Duration.ofHours(1));
            this.expiresAt = issuedAt.plus(TTL);
            return this;
        }

        /** The {@code aud} claim (the services expect {@link #AUDIENCE}). */
        public Builder audience(Object audience) {
            return claim("aud", audience);
        }

        /** Any claim set to any JSON value (strings, numbers, booleans, lists and maps), replacing the usual one. */
        public Builder claim(String name, Object value) {
            claims.put(name, value);
            withoutClaims.remove(name);
            return this;
        }

        /** A claim whose value is this JSON text as it stands, e.g. arrays nested thousands deep. */
        public Builder rawClaim(String name, String json) {
            return claim(name, new HandMadeTokens.RawJson(json));
        }

        /** The token without this claim at all. */
        public Builder withoutClaim(String name) {
            claims.remove(name);
            withoutClaims.add(name);
            return this;
        }

        /** Well-formed and RS256, but signed by a key the services do not trust. */
        public Builder signedByAnotherKey() {
            this.anotherKey = true;
            return this;
        }

        /** An unsecured JWT: {@code alg: none} and no signature. */
        public Builder algNone() {
            this.unsigned = true;
            return this;
        }

        /** Not a JWT at all (the builder's settings are ignored). */
        public String garbage() {
            return Tokens.garbage();
        }

        public String token() {
            KeyPair pair = anotherKey ? Keys.UNTRUSTED : Keys.TRUSTED;
            // The trusted key's id even when another key signs: the signature alone must give it away.
            String keyId = DevTokens.keyId(Keys.TRUSTED.getPublic());
            if (claims.isEmpty() && withoutClaims.isEmpty() && !unsigned) {
                return DevTokens.sign(issuer, userId, roles, issuedAt, expiresAt, keyId, pair.getPrivate());
            }
            Map<String, Object> claims = new LinkedHashMap<>();
            claims.put("iss", issuer);
            claims.put("aud", AUDIENCE);
            claims.put("sub", userId);
            claims.put("upn", userId);
            claims.put("groups", roles);
            claims.put("iat", issuedAt.getEpochSecond());
            claims.put("nbf", issuedAt.getEpochSecond());
            claims.put("exp", expiresAt.getEpochSecond());
            claims.put("jti", UUID.randomUUID().toString());
            claims.putAll(this.claims);
            claims.keySet().removeAll(withoutClaims);
            return unsigned ? HandMadeTokens.unsigned(claims) : HandMadeTokens.signRs256(claims, keyId, pair.getPrivate());
        }

        /** The {@code Authorization} header value: {@code Bearer <token>}. */
        public String bearer() {
            return "Bearer " + token();
        }
    }

    /**
     * Created on first use, once per JVM: Quarkus loads test resources and test classes with
     * different class loaders, so the trusted pair lives in a folder named by a system property,
     * and every copy of this class signs with the key the services were configured with.
     */
    private static final class Keys {
        private static final String FOLDER_PROPERTY = "dev.trident.testing.Tokens.keyFolder";
        static final Path FOLDER = folder();
        static final KeyPair TRUSTED = load();
        static final KeyPair UNTRUSTED = DevTokens.generateKeyPair();
        static final Path PUBLIC_KEY_FILE = FOLDER.resolve(DevTokens.PUBLIC_KEY_FILE);

        private static Path folder() {
            synchronized (System.getProperties()) {
                String existing = System.getProperty(FOLDER_PROPERTY);
                if (existing != null) {
                    return Path.of(existing);
                }
                try {
                    Path folder = Files.createTempDirectory("trident-test-jwt-");
                    folder.toFile().deleteOnExit();
                    DevTokens.ensureKeys(folder);
                    folder.resolve(DevTokens.PRIVATE_KEY_FILE).toFile().deleteOnExit();
                    folder.resolve(DevTokens.PUBLIC_KEY_FILE).toFile().deleteOnExit();
                    System.setProperty(FOLDER_PROPERTY, folder.toString());
                    return folder;
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot create the test key pair", e);
                }
            }
        }

        private static KeyPair load() {
            try {
                PrivateKey key = DevTokens.readPrivateKey(FOLDER.resolve(DevTokens.PRIVATE_KEY_FILE));
                return new KeyPair(DevTokens.publicKeyOf(key), key);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the test key pair", e);
            }
        }
    }
}
