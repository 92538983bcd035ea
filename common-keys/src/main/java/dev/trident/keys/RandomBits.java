package dev.trident.keys;

import java.security.SecureRandom;

/**
 * The random bits of new ids. The generator lives in {@link Holder}, which native images initialise at run time
 * ({@code META-INF/native-image/dev.trident/common-keys/native-image.properties}), so no seed is baked into a
 * binary and every process draws its own bits.
 */
final class RandomBits {

    private RandomBits() {
    }

    static int nextInt(int bound) {
        return Holder.RANDOM.nextInt(bound);
    }

    static long nextLong() {
        return Holder.RANDOM.nextLong();
    }

    static final class Holder {
        static final SecureRandom RANDOM = new SecureRandom();

        private Holder() {
        }
    }
}
