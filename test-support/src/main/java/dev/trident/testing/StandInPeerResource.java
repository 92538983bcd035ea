package dev.trident.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a {@link StandInPeer} for a test profile, points the REST clients named by the init argument
 * {@value #CLIENTS} (comma-separated config keys, e.g. {@code social-service,workspace-service}) at it, and injects it
 * into the test's fields of type {@link StandInPeer}. Stopped with the profile.
 */
public class StandInPeerResource implements QuarkusTestResourceLifecycleManager {

    /** The init argument naming the REST clients ({@code quarkus.rest-client."<key>".url}) the stand-in plays. */
    public static final String CLIENTS = "clients";

    private List<String> clients = List.of();
    private StandInPeer peer;

    /** The init arguments that point {@code clients} at the stand-in. */
    public static Map<String, String> playing(String... clients) {
        return Map.of(CLIENTS, String.join(",", clients));
    }

    @Override
    public void init(Map<String, String> initArgs) {
        clients = Arrays.stream(initArgs.getOrDefault(CLIENTS, "").split(",")).map(String::strip)
                .filter(client -> !client.isEmpty()).toList();
    }

    @Override
    public Map<String, String> start() {
        peer = new StandInPeer();
        peer.start();
        Map<String, String> config = new LinkedHashMap<>();
        clients.forEach(client -> config.put("quarkus.rest-client." + client + ".url", peer.url()));
        return config;
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(peer, new TestInjector.MatchesType(StandInPeer.class));
    }

    @Override
    public void stop() {
        if (peer != null) {
            peer.close();
        }
    }
}
