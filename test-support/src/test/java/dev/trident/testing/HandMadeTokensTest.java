package dev.trident.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HandMadeTokensTest {

    @Test
    void claimValuesAreEscapedAsJson() {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("a", "q\"b\\c\n");
        claims.put("n", List.of(1, true));
        assertEquals("{\"a\":\"q\\\"b\\\\c\\u000a\",\"n\":[1,true]}", HandMadeTokens.json(claims));
        assertEquals("{\"r\":[[{}]]}", HandMadeTokens.json(Map.of("r", new HandMadeTokens.RawJson("[[{}]]"))));
    }

    @Test
    void aTokenWithClaimsSetByHandCarriesExactlyThem() {
        String token = Tokens.user("ada").claim("groups", "admin registrar").withoutClaim("iat")
                .rawClaim("deep", "[".repeat(3_000) + "]".repeat(3_000)).token();

        String claims = part(token, 1);
        assertTrue(claims.contains("\"groups\":\"admin registrar\""), claims);
        assertFalse(claims.contains("\"iat\""), claims);
        assertTrue(claims.contains("\"deep\":" + "[".repeat(3_000)), "written as given");
        assertTrue(part(token, 0).contains("\"alg\":\"RS256\""), part(token, 0));
    }

    @Test
    void anAlgNoneTokenHasAnEmptySignature() {
        String token = Tokens.user("ada").algNone().token();

        assertTrue(part(token, 0).contains("\"alg\":\"none\""), part(token, 0));
        assertTrue(token.endsWith("."), token);
        assertEquals(3, token.split("\\.", -1).length);
    }

    @Test
    void aWellFormedTokenCarriesTheClaimsTheServicesRead() {
        String claims = part(Tokens.user("ada").roles("registrar", "instructor").token(), 1);

        for (String claim : List.of("\"iss\":\"" + Tokens.ISSUER + "\"", "\"aud\":\"trident\"", "\"sub\":\"ada\"",
                "\"upn\":\"ada\"", "\"groups\":[\"registrar\",\"instructor\"]", "\"iat\":", "\"nbf\":", "\"exp\":",
                "\"jti\":")) {
            assertTrue(claims.contains(claim), claim + " in " + claims);
        }
    }

    private static String part(String token, int index) {
        return new String(Base64.getUrlDecoder().decode(token.split("\\.")[index]), StandardCharsets.UTF_8);
    }
}
