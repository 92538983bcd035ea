package dev.trident.support.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.support.config.TridentConfig;
import dev.trident.support.problem.Problem;
import dev.trident.support.problem.Problems;
import dev.trident.support.problem.RetryAfter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admission control: a replica works on at most {@code trident.admission.max-in-flight} requests at once, lets up to
 * {@code max-queued} more wait in arrival order (each at most {@code max-queue-wait}), and answers any other request at
 * once with 503 problem+json and {@code Retry-After}, before its body, its token or a DynamoDB call costs anything.
 * <p>
 * Why: once the cores are busy, more requests in flight only add latency and heap. Every young collection copies every
 * request still waiting on DynamoDB, so without a bound a service asked for 256 requests at once served fewer a second
 * than one asked for 32 (docs/performance.md "Overload"). A waiting request holds only its connection and its parsed
 * head: it is paused, nothing of it is read or decoded until it is admitted.
 * <p>
 * Health, metrics and the OpenAPI document ({@code /q/...}) are never queued or refused: a prober must still see a
 * replica that is busy, not dead. A queued request's time counts against its deadline (RequestDeadline starts at its
 * arrival), so the bound on every answer holds whatever the queue.
 */
@Singleton
public class AdmissionControl {

    private static final String MANAGEMENT_PATHS = "/q/";

    private final int maxInFlight;
    private final int maxQueued;
    private final long maxQueueWaitNanos;
    private final Vertx vertx;
    private final String problemJson;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final ConcurrentLinkedQueue<Waiting> waiting = new ConcurrentLinkedQueue<>();
    private final Counter shedFull;
    private final Counter shedWaited;
    private long expiryTimer = -1;

    /** A request waiting for a place: its routing, the event loop it arrived on, and when it started to wait. */
    private record Waiting(RoutingContext request, Context context, long since) {
    }

    @Inject
    AdmissionControl(TridentConfig config, Vertx vertx, MeterRegistry registry, ObjectMapper mapper)
            throws JsonProcessingException {
        TridentConfig.Admission settings = config.admission();
        if (settings.maxInFlight() < 1 || settings.maxQueued() < 0 || settings.maxQueueWait().isNegative()
                || settings.maxQueueWait().isZero()) {
            throw new IllegalArgumentException("trident.admission: max-in-flight must be at least 1, max-queued at "
                    + "least 0 and max-queue-wait positive; found " + settings.maxInFlight() + ", "
                    + settings.maxQueued() + ", " + settings.maxQueueWait());
        }
        this.maxInFlight = settings.maxInFlight();
        this.maxQueued = settings.maxQueued();
        this.maxQueueWaitNanos = settings.maxQueueWait().toNanos();
        this.vertx = vertx;
        this.problemJson = mapper.writeValueAsString(Problems.problem(503,
                "the service is at capacity; retry after Retry-After seconds (nothing was done)", null));
        Gauge.builder("trident.admission.in.flight", inFlight, AtomicInteger::get)
                .description("Requests this replica is working on now, at most trident.admission.max-in-flight")
                .register(registry);
        Gauge.builder("trident.admission.queued", queued, AtomicInteger::get)
                .description("Requests waiting for a place now, at most trident.admission.max-queued")
                .register(registry);
        this.shedFull = Counter.builder("trident.admission.shed")
                .description("Requests answered 503 with Retry-After because every place and the queue were taken")
                .tag("reason", "full").register(registry);
        this.shedWaited = Counter.builder("trident.admission.shed")
                .description("Requests answered 503 with Retry-After after waiting trident.admission.max-queue-wait")
                .tag("reason", "waited").register(registry);
    }

    void install(@Observes Router router) {
        // After the start time, the access log and the common headers; before the size limit, the body and the routes.
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 2).handler(this::admit);
        if (maxQueued > 0) {
            long period = Math.max(1, maxQueueWaitNanos / 2_000_000);
            expiryTimer = vertx.setPeriodic(period, ignored -> refuseExpired());
        }
    }

    void stop(@Observes ShutdownEvent shutdown) {
        if (expiryTimer >= 0) {
            vertx.cancelTimer(expiryTimer);
        }
    }

    private void admit(RoutingContext request) {
        if (request.normalizedPath().startsWith(MANAGEMENT_PATHS)) {
            request.next();
            return;
        }
        if (tryTakePlace()) {
            proceed(request);
            return;
        }
        if (queued.incrementAndGet() > maxQueued) {
            queued.decrementAndGet();
            shedFull.increment();
            refuse(request);
            return;
        }
        request.request().pause();
        waiting.add(new Waiting(request, Vertx.currentContext(), System.nanoTime()));
        admitWaiting(); // a place may have been given back since tryTakePlace
    }

    private boolean tryTakePlace() {
        for (int now = inFlight.get(); now < maxInFlight; now = inFlight.get()) {
            if (inFlight.compareAndSet(now, now + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Runs the request in the place it holds, and gives the place back when its answer ends or its client leaves. */
    private void proceed(RoutingContext request) {
        request.addEndHandler(ignored -> giveBackPlace());
        request.next();
    }

    private void giveBackPlace() {
        inFlight.decrementAndGet();
        admitWaiting();
    }

    /** Hands free places to waiting requests, oldest first, each on its own event loop. */
    private void admitWaiting() {
        while (!waiting.isEmpty() && tryTakePlace()) {
            Waiting next = waiting.poll();
            if (next == null) {
                inFlight.decrementAndGet(); // another thread took it; look again, one may have arrived since
                continue;
            }
            queued.decrementAndGet();
            next.context().runOnContext(ignored -> {
                HttpServerRequest http = next.request().request();
                if (next.request().response().closed()) {
                    giveBackPlace(); // its client left while it waited
                    return;
                }
                http.resume();
                proceed(next.request());
            });
        }
    }

    /** Refuses the requests that waited longer than max-queue-wait (oldest first: they are at the head). */
    private void refuseExpired() {
        long now = System.nanoTime();
        for (Waiting head = waiting.peek(); head != null && now - head.since() > maxQueueWaitNanos;
                head = waiting.peek()) {
            if (waiting.remove(head)) { // else admitted meanwhile
                queued.decrementAndGet();
                shedWaited.increment();
                RoutingContext expired = head.request();
                head.context().runOnContext(ignored -> {
                    if (!expired.response().closed()) {
                        expired.request().resume();
                        refuse(expired);
                    }
                });
            }
        }
    }

    private void refuse(RoutingContext request) {
        HttpServerRequest http = request.request();
        var response = request.response()
                .setStatusCode(503)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.RETRY_AFTER, RetryAfter.MOMENT.header());
        String length = http.getHeader(HttpHeaders.CONTENT_LENGTH);
        if ((length != null && !length.equals("0")) || http.headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
            response.putHeader(HttpHeaders.CONNECTION, "close"); // its body is not read: the connection cannot go on
        }
        response.end(problemJson);
    }
}
