package dev.trident.testing;

/**
 * Other spellings of a valid token that a lenient base64 decoder reads as the very same token (same header, claims
 * and signature bytes). A service must refuse every one of them: each would otherwise be one more cache entry and
 * one more full verification of a single token.
 */
public final class TokenSpellings {

    private static final String BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private TokenSpellings() {
    }

    /** The signature segment padded with {@code =} to a multiple of four characters. */
    public static String paddedSignature(String token) {
        int missing = (4 - signature(token).length() % 4) % 4;
        if (missing == 0) {
            throw new IllegalArgumentException("this signature needs no padding");
        }
        return token + "=".repeat(missing);
    }

    /** A space in the middle of the signature segment. */
    public static String spaceInSignature(String token) {
        int middle = token.lastIndexOf('.') + signature(token).length() / 2;
        return token.substring(0, middle) + " " + token.substring(middle);
    }

    /**
     * A token of this builder whose signature holds {@code -} or {@code _}, spelled with {@code +} and {@code /}
     * (plain base64) instead; mints until one has them (each token has its own {@code jti}, so its own signature).
     */
    public static String standardBase64Signature(Tokens.Builder builder) {
        for (int attempt = 0; attempt < 100; attempt++) {
            String token = builder.token();
            String signature = signature(token);
            if (signature.indexOf('-') >= 0 || signature.indexOf('_') >= 0) {
                return token.substring(0, token.lastIndexOf('.') + 1) + signature.replace('-', '+').replace('_', '/');
            }
        }
        throw new IllegalStateException("no signature with - or _ in 100 tokens");
    }

    /** The last character of the signature with a bit set that decoding drops (the signature's bytes unchanged). */
    public static String strayBitsInSignature(String token) {
        if (signature(token).length() % 4 < 2) {
            throw new IllegalArgumentException("this signature has no unused bits");
        }
        int last = BASE64URL.indexOf(token.charAt(token.length() - 1));
        if ((last & 1) != 0) {
            throw new IllegalArgumentException("not a canonical signature");
        }
        return token.substring(0, token.length() - 1) + BASE64URL.charAt(last | 1);
    }

    /** The third segment of a compact JWS. */
    public static String signature(String token) {
        return token.substring(token.lastIndexOf('.') + 1);
    }
}
