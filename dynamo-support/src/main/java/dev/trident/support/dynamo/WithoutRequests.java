package dev.trident.support.dynamo;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * What the DynamoDB layer reads of the request being served, where nothing serves requests (an application of this
 * module alone: a tool, this module's tests): no deadline and no writes alongside. The web layer's beans of these
 * types replace them.
 */
class WithoutRequests {

    @Produces
    @Singleton
    @DefaultBean
    CallDeadline noDeadline() {
        return CallDeadline.UNBOUNDED;
    }

    @Produces
    @Singleton
    @DefaultBean
    RequestWrites noWritesAlongside() {
        return RequestWrites.NONE;
    }
}
