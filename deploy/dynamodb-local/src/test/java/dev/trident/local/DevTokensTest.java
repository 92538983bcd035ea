package dev.trident.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevTokensTest {

    @TempDir
    Path dir;

    @Test
    void keysAreCreatedOnceWithThePrivateKeyReadableByItsOwnerOnly() throws Exception {
        Path publicKey = DevTokens.ensureKeys(dir);
        Path privateKey = dir.resolve(DevTokens.PRIVATE_KEY_FILE);
        String first = Files.readString(privateKey);

        DevTokens.ensureKeys(dir);

        assertEquals(first, Files.readString(privateKey), "an existing pair is kept");
        assertEquals(dir.resolve(DevTokens.PUBLIC_KEY_FILE).toAbsolutePath(), publicKey);
        assertTrue(Files.readString(publicKey).startsWith("-----BEGIN PUBLIC KEY-----"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(privateKey)));
    }

    @Test
    void aMissingPublicKeyIsRebuiltFromThePrivateOne() throws Exception {
        Path publicKey = DevTokens.ensureKeys(dir);
        String original = Files.readString(publicKey);
        Files.delete(publicKey);

        DevTokens.ensureKeys(dir);

        assertEquals(original, Files.readString(publicKey));
    }

    @Test
    void mintedTokenIsAnRs256JwsOfTheDevIssuerVerifiableWithThePublicKey() throws Exception {
        Path publicKeyFile = DevTokens.ensureKeys(dir);
        long before = Instant.now().getEpochSecond();

        String token = DevTokens.mint(dir, "alice", List.of("registrar", "instructor"), Duration.ofHours(8));

        String[] parts = token.split("\\.");
        assertEquals(3, parts.length);
        String header = decode(parts[0]);
        String claims = decode(parts[1]);
        assertTrue(header.contains("\"alg\":\"RS256\"") && header.contains("\"typ\":\"JWT\"") && header.contains("\"kid\":"), header);
        assertTrue(claims.contains("\"iss\":\"" + DevTokens.ISSUER + "\""), claims);
        assertTrue(claims.contains("\"aud\":\"trident\""), claims);
        assertTrue(claims.contains("\"sub\":\"alice\"") && claims.contains("\"upn\":\"alice\""), claims);
        assertTrue(claims.contains("\"groups\":[\"registrar\",\"instructor\"]"), claims);
        long exp = Long.parseLong(claims.replaceAll(".*\"exp\":(\\d+).*", "$1"));
        assertTrue(exp >= before + 8 * 3600 && exp <= before + 8 * 3600 + 5, claims);

        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(readPublicKey(publicKeyFile));
        verifier.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        assertTrue(verifier.verify(Base64.getUrlDecoder().decode(parts[2])));
    }

    @Test
    void mintingWithoutKeysSaysHowToCreateThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DevTokens.mint(dir, "alice", List.of(), Duration.ofHours(1)));
        assertTrue(e.getMessage().contains("deploy/run.sh"), e.getMessage());
    }

    @Test
    void ttlAcceptsShortAndIsoForms() {
        assertEquals(Duration.ofSeconds(90), DevTokens.parseTtl("90s"));
        assertEquals(Duration.ofMinutes(30), DevTokens.parseTtl("30m"));
        assertEquals(Duration.ofHours(8), DevTokens.parseTtl("8h"));
        assertEquals(Duration.ofDays(2), DevTokens.parseTtl("2d"));
        assertEquals(Duration.ofHours(8), DevTokens.parseTtl("PT8H"));
        assertThrows(IllegalArgumentException.class, () -> DevTokens.parseTtl("0h"));
        assertThrows(IllegalArgumentException.class, () -> DevTokens.parseTtl("soon"));
    }

    private static String decode(String part) {
        return new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8);
    }

    private static PublicKey readPublicKey(Path pem) throws Exception {
        String body = Files.readString(pem).replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(body)));
    }
}
