package dev.trident.support.client;

import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import java.util.Optional;

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
 */
public class PeerLookup<T> {

    private final String peer;
    private final PeerResource<T> resource;

    protected PeerLookup(String peer, PeerResource<T> resource) {
        this.peer = peer;
        this.resource = resource;
    }

    /** The entity {@code id}, or a 422 naming {@code field} and the id; peer failures mapped (see the class). */
    public Uni<T> require(String field, String id, String authorization) {
        return resource.get(id, authorization).map(Optional::of)
                .onFailure(RejectedByDependency::isNotFound).recoverWithItem(Optional.empty())
                .onFailure().transform(failure -> DependencyFailures.toProblem(peer, failure))
                .map(found -> found.orElseThrow(() -> ProblemException.unknownReference(field, id)));
    }
}
