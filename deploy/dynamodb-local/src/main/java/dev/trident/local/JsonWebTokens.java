package dev.trident.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * RS256 JSON Web Tokens and their PEM keys with the JDK alone, for the local stack and the tests:
 * neither should need a JOSE library to mint what the services verify with smallrye-jwt.
 */
public final class JsonWebTokens {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private JsonWebTokens() {
    }

    public static KeyPair generateRsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA is not available", e);
        }
    }

    /** A short, stable key id: the first bytes of the SHA-256 of the encoded public key. */
    public static String keyId(PublicKey key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
            return BASE64URL.encodeToString(Arrays.copyOf(digest, 12));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** A compact JWS: {@code base64url(header).base64url(claims).base64url(RS256 signature)}. */
    public static String signRs256(String keyId, Map<String, ?> claims, PrivateKey key) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("alg", "RS256");
        header.put("typ", "JWT");
        header.put("kid", keyId);
        String signingInput = encode(header) + "." + encode(claims);
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + BASE64URL.encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign the token", e);
        }
    }

    /**
     * The claims the services read: {@code iss}, {@code aud} (the services accept only their own
     * audience), {@code sub} (the caller's user id), {@code upn} (the same id, so the principal's name
     * is it), {@code groups} (the roles), the validity window and a unique {@code jti}.
     */
    public static Map<String, Object> claims(String issuer, String audience, String subject, Collection<String> groups,
            Instant issuedAt, Instant notBefore, Instant expiresAt) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", issuer);
        claims.put("aud", audience);
        claims.put("sub", subject);
        claims.put("upn", subject);
        claims.put("groups", List.copyOf(groups));
        claims.put("iat", issuedAt.getEpochSecond());
        claims.put("nbf", notBefore.getEpochSecond());
        claims.put("exp", expiresAt.getEpochSecond());
        claims.put("jti", UUID.randomUUID().toString());
        return claims;
    }

    /** An unsecured JWT ({@code alg: none}, empty signature): what a verifier must always refuse. */
    public static String unsigned(Map<String, ?> claims) {
        return encode(Map.of("alg", "none", "typ", "JWT")) + "." + encode(claims) + ".";
    }

    public static String publicKeyPem(PublicKey key) {
        return pem("PUBLIC KEY", key.getEncoded());
    }

    public static String privateKeyPem(PrivateKey key) {
        return pem("PRIVATE KEY", key.getEncoded());
    }

    /** Reads a PKCS#8 {@code PRIVATE KEY} PEM as written by {@link #privateKeyPem}. */
    public static PrivateKey readPrivateKey(Path pem) throws IOException {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(pemBody(pem)));
        } catch (GeneralSecurityException e) {
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

    /** A claim value written as this JSON text, unchanged (for tests of what a verifier must refuse). */
    public record RawJson(String json) {
    }

    /** Minimal JSON for claims: strings, numbers, booleans, maps and collections of those, and {@link RawJson}. */
    static String json(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof RawJson raw) {
            return raw.json();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof Map<?, ?> map) {
            StringBuilder out = new StringBuilder("{");
            for (Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<?, ?> entry = it.next();
                out.append(json(entry.getKey().toString())).append(':').append(json(entry.getValue()));
                out.append(it.hasNext() ? "," : "");
            }
            return out.append('}').toString();
        }
        if (value instanceof Collection<?> items) {
            StringBuilder out = new StringBuilder("[");
            for (Iterator<?> it = items.iterator(); it.hasNext(); ) {
                out.append(json(it.next())).append(it.hasNext() ? "," : "");
            }
            return out.append(']').toString();
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toString().toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static String encode(Map<String, ?> object) {
        return BASE64URL.encodeToString(json(object).getBytes(StandardCharsets.UTF_8));
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static byte[] pemBody(Path pem) throws IOException {
        String text = Files.readString(pem, StandardCharsets.US_ASCII);
        String body = text.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
        return Base64.getDecoder().decode(body);
    }
}
