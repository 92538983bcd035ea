package dev.trident.local;

import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.util.KeyUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.RSAPublicKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * The development key pair and tokens of the local stack ({@code deploy/run.sh},
 * {@code deploy/token.sh}):
 * <pre>
 *   DevTokens keys &lt;dir&gt;                                  creates dev-private.pem / dev-public.pem if missing
 *   DevTokens mint &lt;dir&gt; &lt;userId&gt; [role...] [--ttl 8h]   prints a token for that user and roles
 * </pre>
 * Tokens carry the development issuer, which the services trust only in the dev profile or when
 * {@code trident.auth.local-stack=true} (set by the run script and the tests), and the services'
 * default audience. The services refuse a lifetime over {@code trident.auth.max-token-lifetime}
 * (24 hours unless configured), so a longer {@code --ttl} mints a token they refuse.
 *
 * <p>Tokens are built and signed (RS256) with smallrye-jwt-build; the keys are PKCS#8 / X.509 PEM files. Run with
 * this module's classes and the jars listed in its {@code tokens.classpath} (see {@code deploy/lib/dev-tokens.sh}).
 */
public final class DevTokens {

    /** The issuer of development tokens; never trusted by a production deployment. */
    public static final String ISSUER = "https://trident.local/dev";
    /** The audience the services accept by default ({@code TRIDENT_JWT_AUDIENCE}). */
    public static final String AUDIENCE = "trident";
    public static final String PRIVATE_KEY_FILE = "dev-private.pem";
    public static final String PUBLIC_KEY_FILE = "dev-public.pem";
    static final Duration DEFAULT_TTL = Duration.ofHours(8);
    private static final int RSA_KEY_BITS = 2048;

    private DevTokens() {
    }

    public static void main(String[] args) {
        try {
            if (args.length == 2 && args[0].equals("keys")) {
                System.out.println(ensureKeys(Path.of(args[1])));
            } else if (args.length >= 3 && args[0].equals("mint")) {
                List<String> roles = new ArrayList<>();
                Duration ttl = DEFAULT_TTL;
                for (int i = 3; i < args.length; i++) {
                    if (args[i].equals("--ttl") && i + 1 < args.length) {
                        ttl = parseTtl(args[++i]);
                    } else {
                        roles.add(args[i]);
                    }
                }
                System.out.println(mint(Path.of(args[1]), args[2], roles, ttl));
            } else {
                System.err.println("usage: DevTokens keys <dir> | DevTokens mint <dir> <userId> [role...] [--ttl 8h]");
                System.exit(2);
            }
        } catch (IllegalArgumentException | IOException | UncheckedIOException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Creates the key pair in {@code dir} unless it is there (the private key readable by its owner
     * only) and returns the public key's path, the location the services verify with.
     */
    public static Path ensureKeys(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path privateKey = dir.resolve(PRIVATE_KEY_FILE);
        Path publicKey = dir.resolve(PUBLIC_KEY_FILE);
        if (!Files.exists(privateKey)) {
            KeyPair pair = generateKeyPair();
            writeOwnerOnly(privateKey, pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
            Files.deleteIfExists(publicKey);
        }
        if (!Files.exists(publicKey)) {
            PrivateKey key = readPrivateKey(privateKey);
            Files.writeString(publicKey, pem("PUBLIC KEY", publicKeyOf(key).getEncoded()), StandardCharsets.US_ASCII);
        }
        return publicKey.toAbsolutePath();
    }

    /** A token for {@code userId} with these roles, signed with the key pair of {@code dir}. */
    public static String mint(Path dir, String userId, List<String> roles, Duration ttl) throws IOException {
        if (userId.isBlank()) {
            throw new IllegalArgumentException("the user id must not be blank");
        }
        Path privateKeyFile = dir.resolve(PRIVATE_KEY_FILE);
        if (!Files.exists(privateKeyFile)) {
            throw new IllegalArgumentException(privateKeyFile + " is missing: run deploy/run.sh once (or DevTokens keys " + dir + ")");
        }
        PrivateKey key = readPrivateKey(privateKeyFile);
        Instant now = Instant.now();
        return sign(ISSUER, userId, roles, now, now.plus(ttl), keyId(publicKeyOf(key)), key);
    }

    /**
     * An RS256 compact JWS ({@code typ JWT}, {@code kid}) with the claims the services read: {@code iss}, {@code aud}
     * (the services' audience), {@code sub} (the caller's user id), {@code upn} (the same id, so the principal's name
     * is it), {@code groups} (the roles, in this order), {@code iat} and {@code nbf} (issuedAt), {@code exp} and a
     * unique {@code jti}.
     */
    public static String sign(String issuer, String userId, Collection<String> roles, Instant issuedAt,
            Instant expiresAt, String keyId, PrivateKey key) {
        return Jwt.issuer(issuer)
                .audience(AUDIENCE)
                .subject(userId)
                .upn(userId)
                .groups(new LinkedHashSet<>(roles))
                .issuedAt(issuedAt)
                .claim("nbf", issuedAt.getEpochSecond())
                .expiresAt(expiresAt)
                .jws()
                .keyId(keyId)
                .sign(key);
    }

    /** A new 2048-bit RSA key pair. */
    public static KeyPair generateKeyPair() {
        try {
            return KeyUtils.generateKeyPair(RSA_KEY_BITS);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA is not available", e);
        }
    }

    /** Reads a PKCS#8 {@code PRIVATE KEY} PEM as {@link #ensureKeys} writes it. */
    public static PrivateKey readPrivateKey(Path pem) throws IOException {
        try {
            return KeyUtils.decodePrivateKey(Files.readString(pem, StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException(pem + " is not an RSA private key in PKCS#8 PEM", e);
        }
    }

    /** The public half of an RSA private key, so a key file pair can be checked or rebuilt. */
    public static PublicKey publicKeyOf(PrivateKey key) {
        if (!(key instanceof RSAPrivateCrtKey crt)) {
            throw new IllegalArgumentException("not an RSA CRT private key");
        }
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(crt.getModulus(), crt.getPublicExponent()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A short, stable key id: the first bytes of the SHA-256 of the encoded public key. */
    public static String keyId(PublicKey key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 12));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** {@code 90s}, {@code 30m}, {@code 8h}, {@code 2d} or an ISO-8601 duration such as {@code PT8H}. */
    static Duration parseTtl(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        try {
            Duration ttl;
            if (value.startsWith("p")) {
                ttl = Duration.parse(value.toUpperCase(Locale.ROOT));
            } else {
                long amount = Long.parseLong(value.substring(0, value.length() - 1));
                ttl = switch (value.charAt(value.length() - 1)) {
                    case 's' -> Duration.ofSeconds(amount);
                    case 'm' -> Duration.ofMinutes(amount);
                    case 'h' -> Duration.ofHours(amount);
                    case 'd' -> Duration.ofDays(amount);
                    default -> throw new IllegalArgumentException();
                };
            }
            if (ttl.isNegative() || ttl.isZero()) {
                throw new IllegalArgumentException();
            }
            return ttl;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--ttl must be a positive duration like 90s, 30m, 8h, 2d or PT8H, not " + text);
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static void writeOwnerOnly(Path file, String content) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(file + " appeared while creating it; run again", e);
        }
        Files.writeString(file, content, StandardCharsets.US_ASCII);
    }
}
