package dev.trident.social;

import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * Fault injection at the SDK boundary: when armed, the service's next TransactWriteItems goes through, and every
 * call after it fails before it is sent, as if the process had died right after its transaction (its held lease
 * on a pending-work task is not released either). Inert unless a test arms it; {@link #disarm()} in a finally.
 */
public class StopAfterTransaction implements ExecutionInterceptor {

    private static final AtomicBoolean ARMED = new AtomicBoolean();
    private static final AtomicBoolean STOPPED = new AtomicBoolean();

    public static void arm() {
        STOPPED.set(false);
        ARMED.set(true);
    }

    public static void disarm() {
        ARMED.set(false);
        STOPPED.set(false);
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (STOPPED.get()) {
            SdkRequest request = context.request();
            throw SdkClientException.create("stopped after the transaction: " + request.getClass().getSimpleName());
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.response() instanceof TransactWriteItemsResponse && ARMED.compareAndSet(true, false)) {
            STOPPED.set(true);
        }
    }
}
