package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.InterceptorContext;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/**
 * Quarkus dev mode's live reload loads the application's classes (dynamo-support's included) again in a new class
 * loader while the SDK stays loaded with every ExecutionAttribute name it has seen. Here each "reload" is a class
 * loader of its own that defines this package's classes again from the same class files, as dev mode's does: the
 * metrics interceptor and the access-pattern tag of every loading must still load, and still count and time calls.
 */
class DynamoDbMetricsReloadTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void addRegistry() {
        Metrics.addRegistry(registry);
    }

    @AfterEach
    void removeRegistry() {
        Metrics.removeRegistry(registry);
    }

    @Test
    void metricsInterceptorLoadsAndCountsAgainAfterEveryReload() throws Exception {
        // The loading every other test uses, then three reloads, as a dev-mode session makes them.
        recordOneGetItem(DynamoDbMetrics.class.getClassLoader(), "before-reload");
        for (int reload = 1; reload <= 3; reload++) {
            try (ReloadedPackage reloaded = new ReloadedPackage()) {
                recordOneGetItem(reloaded, "after-reload-" + reload);
            }
        }
    }

    @Test
    void aNameAlreadyTakenGetsTheNextFreeSuffixAndTheFirstLoadingKeepsTheNameItself() {
        String name = "trident.reload-test-" + System.nanoTime();
        ExecutionAttribute<String> first = ReloadSafeAttribute.named(name);
        ExecutionAttribute<String> second = ReloadSafeAttribute.named(name);
        ExecutionAttribute<String> third = ReloadSafeAttribute.named(name);

        assertEquals(name, first.toString());
        assertEquals(name + "#2", second.toString());
        assertEquals(name + "#3", third.toString());
        // Attributes compare by name: values set by one loading are never read by another.
        ExecutionAttributes attributes = new ExecutionAttributes();
        attributes.putAttribute(first, "one");
        assertEquals(null, attributes.getAttribute(second));
        assertNotEquals(first, second);
    }

    /** Runs one GetItem through the interceptor and access pattern of the given loading and checks its timer. */
    private void recordOneGetItem(ClassLoader loading, String patternName) throws Exception {
        Class<?> metricsClass = Class.forName(DynamoDbMetrics.class.getName(), true, loading);
        Class<?> tagsClass = Class.forName(PatternTags.class.getName(), true, loading);
        if (loading != DynamoDbMetrics.class.getClassLoader()) {
            assertNotSame(DynamoDbMetrics.class, metricsClass, "the reload defines the class again");
        }
        ExecutionInterceptor interceptor = (ExecutionInterceptor) metricsClass.getConstructor().newInstance();
        AwsRequestOverrideConfiguration tag = (AwsRequestOverrideConfiguration) tagsClass
                .getMethod("build", AccessPattern.class).invoke(null, AccessPattern.named(patternName));

        // What the SDK does for a request: the override's attributes, the operation name, then the interceptor.
        ExecutionAttributes attributes = tag.executionAttributes().copy();
        attributes.putAttribute(SdkExecutionAttribute.OPERATION_NAME, "GetItem");
        GetItemRequest request = GetItemRequest.builder().tableName("t").overrideConfiguration(tag).build();
        interceptor.beforeExecution(InterceptorContext.builder().request(request).build(), attributes);
        Thread.sleep(2);
        interceptor.afterExecution(InterceptorContext.builder().request(request)
                .response(GetItemResponse.builder().build()).build(), attributes);

        Timer timer = registry.find(DynamoDbMetrics.REQUESTS)
                .tags("operation", "GetItem", "pattern", patternName, "outcome", "success").timer();
        assertTrue(timer != null, "a success timer for pattern " + patternName + " (the pattern tag was read)");
        assertEquals(1, timer.count());
        assertTrue(timer.totalTime(TimeUnit.MILLISECONDS) >= 1,
                "the start time set before the call was read after it: " + timer.totalTime(TimeUnit.MILLISECONDS));
    }

    /** Defines this package's classes itself (child first), everything else from the test's own class loader. */
    private static final class ReloadedPackage extends URLClassLoader {
        private static final String PACKAGE = DynamoDbMetrics.class.getPackageName() + ".";

        ReloadedPackage() {
            super(new URL[] {DynamoDbMetrics.class.getProtectionDomain().getCodeSource().getLocation()},
                    DynamoDbMetrics.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(PACKAGE)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    loaded = findClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }
}
