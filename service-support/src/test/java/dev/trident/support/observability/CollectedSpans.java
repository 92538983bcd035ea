package dev.trident.support.observability;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every finished span in memory, for tests that run with {@code quarkus.otel.traces.exporter=cdi}. */
@Singleton
public class CollectedSpans implements SpanExporter {

    private final List<SpanData> spans = new CopyOnWriteArrayList<>();

    @Override
    public CompletableResultCode export(Collection<SpanData> finished) {
        spans.addAll(finished);
        return CompletableResultCode.ofSuccess();
    }

    public List<SpanData> inTrace(String traceId) {
        return spans.stream().filter(span -> span.getTraceId().equals(traceId)).toList();
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
