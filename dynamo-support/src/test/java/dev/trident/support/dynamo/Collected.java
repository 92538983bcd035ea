package dev.trident.support.dynamo;

import java.lang.ref.WeakReference;
import java.util.List;

/** What the garbage collector frees, for tests that prove a client keeps nothing of a finished call. */
final class Collected {

    private Collected() {
    }

    /**
     * How many of the referents are still reachable after up to 20 collections (stopping as soon as none is): a
     * collection requested with {@code System.gc()} may run late or leave a referent for the next one.
     */
    static long stillReachable(List<? extends WeakReference<?>> references) throws InterruptedException {
        long reachable = references.size();
        for (int collection = 0; collection < 20 && reachable > 0; collection++) {
            System.gc();
            Thread.sleep(50);
            reachable = references.stream().filter(reference -> reference.get() != null).count();
        }
        return reachable;
    }
}
