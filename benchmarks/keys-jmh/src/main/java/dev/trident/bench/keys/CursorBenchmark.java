package dev.trident.bench.keys;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorCodec;
import dev.trident.keys.cursor.CursorKey;
import dev.trident.keys.cursor.CursorState;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Signing and verifying page cursors: one sign per listed page with more to come, one verify per next page. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CursorBenchmark {
    private static final String SCOPE = "enrollment:student-courses:user-000042";
    private static final String SHARDED_SCOPE = "workspace:projects:ws-big:shards=4";

    private CursorCodec codec;
    private CursorState single;
    private CursorState sharded;
    private String singleToken;
    private String shardedToken;

    @Setup
    public void setUp() {
        codec = new CursorCodec(List.of(CursorKey.of("k1", "0123456789abcdef0123456789abcdef"),
                CursorKey.of("k0", "fedcba9876543210fedcba9876543210")), Duration.ofHours(1), Clock.systemUTC());
        single = CursorState.single(EnrollmentKeys.enrollment("user-000042", "crs-00017").toAttributes());
        Map<String, Map<String, String>> positions = new LinkedHashMap<>();
        for (int s = 0; s < 4; s++) {
            ItemKey key = WorkspaceKeys.project("ws-big", 4, new ProjectId(2026, 4700 + s));
            positions.put(Integer.toString(s), Map.of(TableSchema.PK, key.pk(), TableSchema.SK, key.sk()));
        }
        sharded = new CursorState(positions);
        singleToken = codec.encode(SCOPE, single);
        shardedToken = codec.encode(SHARDED_SCOPE, sharded);
    }

    @Benchmark
    public String signSingle() {
        return codec.encode(SCOPE, single);
    }

    @Benchmark
    public CursorState verifySingle() {
        return codec.decode(SCOPE, singleToken);
    }

    @Benchmark
    public String signSharded() {
        return codec.encode(SHARDED_SCOPE, sharded);
    }

    @Benchmark
    public CursorState verifySharded() {
        return codec.decode(SHARDED_SCOPE, shardedToken);
    }
}
