package dev.trident.support.client;

import dev.trident.support.dynamo.CallDeadline;
import dev.trident.support.http.RequestDeadline;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * An entity of a peer (another Trident service) as the rules need it: the entity as the caller may see it, or a 422
 * naming the field and the id when the peer answers 404; every other failure becomes the answer
 * {@link DependencyFailures} chooses (503 with Retry-After, 401, 403 or 502). The caller's {@code Authorization}
 * header is passed on, so the peer applies its own rules to the same caller.
 *
 * <p>A subclass per peer hands over its REST client ({@link PeerResource}), which carries the peer's guard
 * ({@code @ApplyGuard(<peer>)}, see {@link PeerGuards}), so every attempt is one guarded call; a 404 only becomes
 * "absent" here, after the guard, which neither retried it nor held it against the breaker
 * ({@link RejectedByDependency}).
 *
 * <p>The lookup, retries included, ends with the request's deadline ({@link RequestDeadline}): what is left of it when
 * the lookup starts bounds it, so a slow peer costs the request no more than its DynamoDB calls may; past it, the
 * answer is the 503 of a peer that did not answer in time.
 */
public class PeerLookup<T> {

    private final String peer;
    private final PeerResource<T> resource;

    /** Field-injected, so that the subclasses in the services keep their constructors; absent in plain unit tests. */
    @Inject
    RequestDeadline deadline;

    protected PeerLookup(String peer, PeerResource<T> resource) {
        this.peer = peer;
        this.resource = resource;
    }

    /** The entity {@code id}, or a 422 naming {@code field} and the id; peer failures mapped (see the class). */
    public Uni<T> require(String field, String id, String authorization) {
        return withinDeadline(resource.get(id, authorization)).map(Optional::of)
                .onFailure(RejectedByDependency::isNotFound).recoverWithItem(Optional.empty())
                .onFailure().transform(failure -> DependencyFailures.toProblem(peer, failure))
                .map(found -> found.orElseThrow(() -> ProblemException.unknownReference(field, id)));
    }

    /** The call, failed with a timeout once the request's deadline passes (or at once, when it has passed). */
    private Uni<T> withinDeadline(Uni<T> call) {
        return Uni.createFrom().deferred(() -> {
            long remaining = deadline == null ? CallDeadline.NONE : deadline.remainingNanos();
            if (remaining == CallDeadline.NONE) {
                return call;
            }
            if (remaining <= 0) {
                return Uni.createFrom().failure(new TimeoutException("the request's deadline passed before " + peer
                        + " was called"));
            }
            return call.ifNoItem().after(Duration.ofNanos(remaining))
                    .failWith(() -> new TimeoutException(peer + " did not answer within the request's deadline"));
        });
    }
}
