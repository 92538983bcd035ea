package dev.trident.keys;

import java.time.Instant;

/**
 * ULIDs: 48-bit epoch millis + 80 random bits, Crockford base32, 26 characters, lexically sortable by time.
 * Within one millisecond the random part is incremented, so ids from this JVM are strictly increasing.
 */
public final class Ulid {
    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final long MAX_TIME = (1L << 48) - 1;

    private Ulid() {
    }

    public static String next() {
        return Shared.GENERATOR.next(System.currentTimeMillis());
    }

    /** The process's generator: native images initialise this holder at run time (see {@link RandomBits}). */
    static final class Shared {
        static final Generator GENERATOR = new Generator();

        private Shared() {
        }
    }

    /** Monotonic state; one per JVM in production, separate ones in tests. */
    static final class Generator {
        private long lastTime = -1;
        private long randHi; // top 16 bits of the random part
        private long randLo; // low 64 bits

        synchronized String next(long nowMillis) {
            // A clock that steps back must not break ordering: keep using the last time.
            if (nowMillis > lastTime) {
                lastTime = nowMillis;
                randHi = RandomBits.nextInt(1 << 16);
                randLo = RandomBits.nextLong();
            } else {
                randLo++;
                if (randLo == 0) {
                    randHi = (randHi + 1) & 0xFFFF;
                    if (randHi == 0) {
                        lastTime++; // 80-bit overflow within one millisecond: borrow the next millisecond
                    }
                }
            }
            if (lastTime > MAX_TIME) {
                throw new IllegalStateException("time out of ULID range");
            }
            return encode(lastTime, randHi, randLo);
        }
    }

    static String encode(long time, long hi, long lo) {
        char[] out = new char[26];
        for (int i = 9; i >= 0; i--) {
            out[i] = ALPHABET[(int) (time & 31)];
            time >>>= 5;
        }
        for (int i = 0; i < 16; i++) {
            int shift = 75 - 5 * i; // bit offset of this character within the 80-bit random part
            long bits;
            if (shift >= 64) {
                bits = hi >>> (shift - 64);
            } else if (shift + 5 <= 64) {
                bits = lo >>> shift;
            } else {
                bits = (hi << (64 - shift)) | (lo >>> shift);
            }
            out[10 + i] = ALPHABET[(int) (bits & 31)];
        }
        return new String(out);
    }

    /** True for a canonical (upper-case) ULID. */
    public static boolean isValid(String s) {
        if (s == null || s.length() != 26 || s.charAt(0) > '7') {
            return false;
        }
        for (int i = 0; i < 26; i++) {
            if (value(s.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    public static Instant timestamp(String ulid) {
        if (!isValid(ulid)) {
            throw new InvalidKeyException("id", "is not a ULID");
        }
        long time = 0;
        for (int i = 0; i < 10; i++) {
            time = (time << 5) | value(ulid.charAt(i));
        }
        return Instant.ofEpochMilli(time);
    }

    private static int value(char c) {
        for (int i = 0; i < ALPHABET.length; i++) {
            if (ALPHABET[i] == c) {
                return i;
            }
        }
        return -1;
    }
}
