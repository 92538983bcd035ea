package dev.trident.chaos;

import dev.trident.local.DevTokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Bearer tokens of the scratch stack's development key pair, minted once per user and roles. */
final class Tokens {
    static final String REGISTRAR = "registrar";
    static final String INSTRUCTOR = "instructor";
    static final String ADMIN = "admin";

    private final Path keyDir;
    private final Map<String, String> minted = new ConcurrentHashMap<>();

    Tokens(Path keyDir) {
        this.keyDir = keyDir;
    }

    /** A token whose {@code sub} is {@code userId}, with these roles (the token's groups). */
    String of(String userId, String... roles) {
        return minted.computeIfAbsent(userId + "|" + String.join(",", roles), ignored -> {
            try {
                return DevTokens.mint(keyDir, userId, List.of(roles), Duration.ofHours(2));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
