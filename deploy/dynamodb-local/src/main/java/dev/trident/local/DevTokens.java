package dev.trident.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 */
public final class DevTokens {

    /** The issuer of development tokens; never trusted by a production deployment. */
    public static final String ISSUER = "https://trident.local/dev";
    /** The audience the services accept by default ({@code TRIDENT_JWT_AUDIENCE}). */
    public static final String AUDIENCE = "trident";
    public static final String PRIVATE_KEY_FILE = "dev-private.pem";
    public static final String PUBLIC_KEY_FILE = "dev-public.pem";
    static final Duration DEFAULT_TTL = Duration.ofHours(8);

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
            KeyPair pair = JsonWebTokens.generateRsaKeyPair();
            writeOwnerOnly(privateKey, JsonWebTokens.privateKeyPem(pair.getPrivate()));
            Files.deleteIfExists(publicKey);
        }
        if (!Files.exists(publicKey)) {
            PrivateKey key = JsonWebTokens.readPrivateKey(privateKey);
            Files.writeString(publicKey, JsonWebTokens.publicKeyPem(JsonWebTokens.publicKeyOf(key)), StandardCharsets.US_ASCII);
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
        PrivateKey key = JsonWebTokens.readPrivateKey(privateKeyFile);
        Instant now = Instant.now();
        return JsonWebTokens.signRs256(JsonWebTokens.keyId(JsonWebTokens.publicKeyOf(key)),
                JsonWebTokens.claims(ISSUER, AUDIENCE, userId, roles, now, now, now.plus(ttl)), key);
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
