package dev.trident.keys.pattern;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which routes of which service read which item collection, under which access pattern: derived from the services'
 * declarations ({@link SocialKeys}, {@link EnrollmentKeys}, {@link WorkspaceKeys}), never written by hand.
 * The explorer shows it beside every collection; the services' tests record every read they make, and
 * test-support's DynamoDbCallRecorder refuses a read whose collection its pattern does not declare.
 */
public final class CollectionReads {

    /** Each service's access patterns, as its declaration lists them. */
    public static final Map<String, List<AccessPattern>> CATALOGUES = Map.of(
            SocialKeys.SERVICE, SocialKeys.PATTERNS,
            EnrollmentKeys.SERVICE, EnrollmentKeys.PATTERNS,
            WorkspaceKeys.SERVICE, WorkspaceKeys.PATTERNS);
    /** The services whose reads are declared (the explorer itself reads every collection, and is not one). */
    public static final Set<String> SERVICES = CATALOGUES.keySet();

    /** One service's access pattern reading one collection, as declared: its name, its shape, its routes. */
    public record Read(ItemCollection collection, String service, AccessPattern pattern) {
        public Read {
            Objects.requireNonNull(collection, "collection");
            Objects.requireNonNull(service, "service");
            if (pattern.routes().isEmpty()) {
                throw new IllegalArgumentException(service + " " + pattern + " is read by no route");
            }
        }

        public String accessPattern() {
            return pattern.name();
        }

        public List<String> routes() {
            return pattern.routes();
        }
    }

    private static final List<Read> READS = reads(List.of(SocialKeys.SERVICE, EnrollmentKeys.SERVICE,
            WorkspaceKeys.SERVICE));

    private CollectionReads() {
    }

    private static List<Read> reads(List<String> services) {
        List<Read> out = new ArrayList<>();
        for (String service : services) {
            for (AccessPattern pattern : CATALOGUES.get(service)) {
                for (ItemCollection collection : pattern.collections()) {
                    out.add(new Read(collection, service, pattern));
                }
            }
        }
        return List.copyOf(out);
    }

    /** Every declared read, service by service in catalogue order. */
    public static List<Read> all() {
        return READS;
    }

    /** The reads of one collection, in declaration order. */
    public static List<Read> of(ItemCollection collection) {
        return READS.stream().filter(read -> read.collection() == collection).toList();
    }

    /** The pattern {@code service} declares under {@code name}, or null. */
    public static AccessPattern declared(String service, String name) {
        for (AccessPattern pattern : CATALOGUES.getOrDefault(service, List.of())) {
            if (pattern.name().equals(name)) {
                return pattern;
            }
        }
        return null;
    }

    /** Whether {@code service}'s access pattern {@code accessPattern} is declared to read {@code collection}. */
    public static boolean declares(String service, String accessPattern, ItemCollection collection) {
        AccessPattern pattern = declared(service, accessPattern);
        return pattern != null && pattern.collections().contains(collection);
    }
}
