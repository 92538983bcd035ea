package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class UlidTest {
    @Test
    void formatAndTimestamp() {
        long before = System.currentTimeMillis();
        String id = Ulid.next();
        long after = System.currentTimeMillis();
        assertEquals(26, id.length());
        assertTrue(Ulid.isValid(id));
        assertTrue(Ids.isValid(id), "a ULID is also a valid client id");
        long t = Ulid.timestamp(id).toEpochMilli();
        assertTrue(t >= before && t <= after + 1);
    }

    @Test
    void knownEncoding() {
        assertEquals("00000000000000000000000000", Ulid.encode(0, 0, 0));
        assertEquals("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", Ulid.encode((1L << 48) - 1, 0xFFFF, -1L));
        assertEquals("0000000001000000000000000G", Ulid.encode(1, 0, 16));
        assertEquals(Instant.ofEpochMilli(1), Ulid.timestamp("0000000001000000000000000G"));
    }

    @Test
    void monotonicWithinOneMillisecondAndAcrossClockSteps() {
        Ulid.Generator gen = new Ulid.Generator();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            ids.add(gen.next(4_000_000_000_000L));
        }
        ids.add(gen.next(3_999_999_999_000L)); // clock stepped back
        ids.add(gen.next(4_000_000_000_001L));
        for (int i = 1; i < ids.size(); i++) {
            assertTrue(ids.get(i - 1).compareTo(ids.get(i)) < 0, ids.get(i - 1) + " !< " + ids.get(i));
        }
        assertEquals(Instant.ofEpochMilli(4_000_000_000_000L), Ulid.timestamp(ids.get(0)));
    }

    @Test
    void sortableByTime() {
        assertTrue(Ulid.encode(1000, 0xFFFF, -1L).compareTo(Ulid.encode(1001, 0, 0)) < 0);
    }

    @Test
    void uniqueAcrossThreads() throws Exception {
        Set<String> all = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                fs.add(pool.submit(() -> {
                    String prev = "";
                    for (int i = 0; i < 5000; i++) {
                        String id = Ulid.next();
                        assertTrue(prev.compareTo(id) < 0);
                        all.add(id);
                        prev = id;
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(40_000, all.size());
    }

    @Test
    void rejectsNonUlids() {
        for (String bad : new String[] {"", "0000000000000000000000000", "80000000000000000000000000",
                "0000000000000000000000000I", "0000000000000000000000000u", "000000000000000000000000000"}) {
            assertFalse(Ulid.isValid(bad), bad);
        }
        assertFalse(Ulid.isValid(null));
        assertThrows(InvalidKeyException.class, () -> Ulid.timestamp("nope"));
    }
}
