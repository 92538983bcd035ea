package dev.trident.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.faults.FaultControl;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

class FaultyDynamoDbResourceTest {

    @Test
    void aServiceIsPointedAtTheProxyWithDynamoDbLocalResourcesOtherSettings() {
        Map<String, String> faulty = new FaultyDynamoDbResource().start();
        Map<String, String> plain = new DynamoDbLocalResource().start();

        assertEquals(FaultyDynamoDbResource.endpoint(), faulty.get("quarkus.dynamodb.endpoint-override"));
        assertNotEquals(DynamoDbLocalResource.endpoint(), FaultyDynamoDbResource.endpoint());
        Map<String, String> rest = new HashMap<>(faulty);
        rest.put("quarkus.dynamodb.endpoint-override", DynamoDbLocalResource.endpoint());
        assertEquals(plain, rest);
        assertEquals(faulty, new FaultyDynamoDbResource().start(), "one proxy, however often Quarkus starts");
    }

    @Test
    void theFaultsSetThroughTheControlReachTheCallsThroughTheProxy() {
        FaultControl faults = FaultyDynamoDbResource.faults().reset().throttleNext("ListTables", 1);
        try (DynamoDbAsyncClient client = DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(FaultyDynamoDbResource.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .overrideConfiguration(c -> c.retryStrategy(b -> b.maxAttempts(2)))
                .build()) {
            client.listTables().join();
        }
        assertEquals(1, faults.counter("throttled.ListTables"), "the first attempt was throttled");
        assertEquals(2, faults.counter("calls"), "the retry went through");
        faults.reset();
    }

    /** What Quarkus does per test profile: the class loaded again, its statics new, the proxy the same. */
    @Test
    void aCopyOfTheClassInAnotherClassLoaderFindsTheSameProxy() throws Exception {
        String endpoint = FaultyDynamoDbResource.endpoint();
        List<URL> classpath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classpath.add(Path.of(entry).toUri().toURL());
        }
        try (URLClassLoader other = new URLClassLoader(classpath.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            Class<?> copy = other.loadClass(FaultyDynamoDbResource.class.getName());
            assertTrue(copy != FaultyDynamoDbResource.class, "a second copy of the class");
            assertEquals(endpoint, copy.getMethod("endpoint").invoke(null));
        }
    }
}
