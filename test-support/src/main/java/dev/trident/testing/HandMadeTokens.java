package dev.trident.testing;

import java.security.PrivateKey;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.lang.JoseException;

/**
 * Tokens whose payload is written here, as given, for what a verifier must refuse: claims of the wrong type, a
 * default claim left out, JSON nested thousands deep, {@code alg: none}. smallrye-jwt-build (which mints every
 * well-formed test token, see {@link Tokens}) checks claim types, adds the default claims and parses JSON with a
 * depth limit, so it cannot write these. The JWS itself is jose4j's.
 */
final class HandMadeTokens {

    private HandMadeTokens() {
    }

    /** A claim value written as this JSON text, unchanged. */
    record RawJson(String json) {
    }

    /** An RS256 compact JWS of exactly these claims. */
    static String signRs256(Map<String, ?> claims, String keyId, PrivateKey key) {
        JsonWebSignature jws = jws(claims);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        jws.setKeyIdHeaderValue(keyId);
        jws.setKey(key);
        return serialize(jws);
    }

    /** An unsecured JWT ({@code alg: none}, empty signature): what a verifier must always refuse. */
    static String unsigned(Map<String, ?> claims) {
        JsonWebSignature jws = jws(claims);
        jws.setAlgorithmConstraints(AlgorithmConstraints.NO_CONSTRAINTS);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.NONE);
        return serialize(jws);
    }

    private static JsonWebSignature jws(Map<String, ?> claims) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setHeader("typ", "JWT");
        jws.setPayload(json(claims));
        return jws;
    }

    private static String serialize(JsonWebSignature jws) {
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("cannot sign the token", e);
        }
    }

    /**
     * Minimal JSON for claims: strings, numbers, booleans, null, maps and collections of those, and {@link RawJson}.
     */
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
}
