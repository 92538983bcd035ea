package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KubernetesTest {
    private final Map<String, JsonNode> objects = Repo.kubernetesObjects(false);
    private final JsonNode configMap = objects.get("ConfigMap/trident-config");

    private JsonNode container(String service) {
        JsonNode deployment = objects.get("Deployment/" + service);
        assertNotNull(deployment, "Deployment " + service);
        JsonNode containers = deployment.path("spec").path("template").path("spec").path("containers");
        assertEquals(1, containers.size(), service + " has one container");
        return containers.get(0);
    }

    @Test
    void deploymentsAreReplicatedNonRootAndBounded() {
        for (String s : Repo.SERVICES) {
            JsonNode spec = objects.get("Deployment/" + s).path("spec");
            assertTrue(spec.path("replicas").asInt() >= 2, s + " runs more than one replica");
            assertTrue(spec.path("template").path("spec").path("securityContext").path("runAsNonRoot").asBoolean(),
                    s + " pod runs as non-root");
            JsonNode c = container(s);
            assertFalse(c.path("securityContext").path("allowPrivilegeEscalation").asBoolean(true), s);
            JsonNode res = c.path("resources");
            for (String kind : new String[] {"requests", "limits"}) {
                assertFalse(res.path(kind).path("cpu").asText().isEmpty(), s + " " + kind + ".cpu");
                assertFalse(res.path(kind).path("memory").asText().isEmpty(), s + " " + kind + ".memory");
            }
        }
    }

    @Test
    void containerAndServicePortsMatchQuarkusHttpPort() {
        for (String s : Repo.SERVICES) {
            int port = Repo.port(s);
            JsonNode c = container(s);
            assertEquals(port, c.path("ports").get(0).path("containerPort").asInt(), s + " containerPort");
            String portName = c.path("ports").get(0).path("name").asText();
            assertEquals(String.valueOf(port), envValue(c, "QUARKUS_HTTP_PORT"), s + " QUARKUS_HTTP_PORT");
            JsonNode service = objects.get("Service/" + s);
            assertNotNull(service, "Service " + s);
            JsonNode sp = service.path("spec").path("ports").get(0);
            assertEquals(port, sp.path("port").asInt(), s + " Service port");
            String target = sp.path("targetPort").asText();
            assertTrue(target.equals(portName) || target.equals(String.valueOf(port)), s + " targetPort " + target);
            assertEquals(objects.get("Deployment/" + s).path("spec").path("selector").path("matchLabels"),
                    service.path("spec").path("selector"), s + " Service selects the Deployment's pods");
        }
    }

    /** preStop sleeps while the pod leaves the endpoints; then the 20 s drain (quarkus.shutdown.timeout) still fits. */
    @Test
    void podsWaitInPreStopAndHaveTimeToDrainBeforeTheyAreKilled() {
        for (String s : Repo.SERVICES) {
            JsonNode command = container(s).path("lifecycle").path("preStop").path("exec").path("command");
            assertEquals("sleep", command.path(0).asText(), s + " preStop sleeps");
            int sleep = command.path(1).asInt();
            assertTrue(sleep >= 3 && sleep <= 10, s + " preStop sleep " + sleep);
            int grace = objects.get("Deployment/" + s).path("spec").path("template").path("spec")
                    .path("terminationGracePeriodSeconds").asInt(30);
            assertTrue(sleep + 20 <= grace, s + ": preStop " + sleep + " s + drain 20 s within " + grace + " s");
        }
    }

    @Test
    void probesUseQuarkusHealthPaths() {
        for (String s : Repo.SERVICES) {
            JsonNode c = container(s);
            assertEquals("/q/health/ready", c.path("readinessProbe").path("httpGet").path("path").asText(), s);
            assertEquals("/q/health/live", c.path("livenessProbe").path("httpGet").path("path").asText(), s);
            for (String probe : new String[] {"readinessProbe", "livenessProbe", "startupProbe"}) {
                JsonNode get = c.path(probe).path("httpGet");
                if (get.isMissingNode()) {
                    continue;
                }
                assertTrue(Repo.HEALTH_PATHS.contains(get.path("path").asText()), s + " " + probe);
                String port = get.path("port").asText();
                assertTrue(port.equals(c.path("ports").get(0).path("name").asText())
                        || port.equals(String.valueOf(Repo.port(s))), s + " " + probe + " port " + port);
            }
        }
    }

    @Test
    void configComesFromTheConfigMapAndTheCursorSecretFromASecret() {
        assertNotNull(configMap, "ConfigMap trident-config");
        JsonNode secretTemplate = Repo.kubernetesObjects(true).get("Secret/trident-cursor");
        assertNotNull(secretTemplate, "secret.template.yaml documents Secret trident-cursor");
        for (String s : Repo.SERVICES) {
            JsonNode c = container(s);
            assertEquals("trident-config", c.path("envFrom").get(0).path("configMapRef").path("name").asText(), s);
            JsonNode ref = env(c, "TRIDENT_CURSOR_SECRETS").path("valueFrom").path("secretKeyRef");
            assertEquals("trident-cursor", ref.path("name").asText(), s + " cursor secret reference");
            assertTrue(secretTemplate.path("stringData").has(ref.path("key").asText()), s + " secret key exists");
        }
        JsonNode data = configMap.path("data");
        assertFalse(data.path("QUARKUS_DYNAMODB_AWS_REGION").asText().isEmpty(), "region in the ConfigMap");
        assertEquals("default", data.path("QUARKUS_DYNAMODB_AWS_CREDENTIALS_TYPE").asText(),
                "credentials from the default chain (IRSA / pod identity)");
        assertEquals("false", data.path("TRIDENT_TABLE_BOOTSTRAP").asText(), "the table is infrastructure");
        assertTrue(data.path("QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE").isMissingNode(), "real DynamoDB endpoint");
    }

    @Test
    void noStaticAwsKeysAnywhere() {
        for (String f : new String[] {"configmap.yaml", "social-service.yaml", "enrollment-service.yaml",
                "workspace-service.yaml", "secret.template.yaml"}) {
            String text = Repo.read(Repo.KUBERNETES.resolve(f));
            assertFalse(text.contains("STATIC_PROVIDER") || text.contains("AWS_ACCESS_KEY_ID")
                    || text.contains("AWS_SECRET_ACCESS_KEY"), f + " holds no static AWS keys");
        }
    }

    @Test
    void envNamesAreOnesTheServicesRead() {
        Set<String> known = Repo.knownEnvNames();
        configMap.path("data").fieldNames().forEachRemaining(
                n -> assertTrue(known.contains(n), "ConfigMap sets unknown env " + n));
        for (String s : Repo.SERVICES) {
            container(s).path("env").forEach(e -> assertTrue(known.contains(e.path("name").asText()),
                    s + " sets unknown env " + e.path("name").asText()));
        }
    }

    @Test
    void serviceUrlsPointAtKubernetesServicesAndPorts() {
        var it = configMap.path("data").fields();
        int urls = 0;
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getKey().endsWith("_SERVICE_URL")) {
                continue;
            }
            urls++;
            String target = Repo.serviceOfUrlVariable(e.getKey());
            URI uri = Repo.uri(e.getValue().asText());
            assertEquals(target, uri.getHost(), e.getKey());
            JsonNode service = objects.get("Service/" + target);
            assertNotNull(service, "Service " + target);
            assertEquals(service.path("spec").path("ports").get(0).path("port").asInt(), uri.getPort(), e.getKey());
        }
        assertEquals(2, urls, "SOCIAL_SERVICE_URL and WORKSPACE_SERVICE_URL");
    }

    @Test
    void autoscalersTargetTheDeploymentsOnCpu() {
        for (String s : Repo.SERVICES) {
            JsonNode hpa = objects.get("HorizontalPodAutoscaler/" + s);
            assertNotNull(hpa, "HPA " + s);
            assertEquals("autoscaling/v2", hpa.path("apiVersion").asText());
            JsonNode spec = hpa.path("spec");
            assertEquals("Deployment", spec.path("scaleTargetRef").path("kind").asText());
            assertEquals(s, spec.path("scaleTargetRef").path("name").asText());
            assertTrue(spec.path("minReplicas").asInt() >= 2, s + " minReplicas");
            assertTrue(spec.path("maxReplicas").asInt() > spec.path("minReplicas").asInt(), s + " maxReplicas");
            assertEquals("cpu", spec.path("metrics").get(0).path("resource").path("name").asText(), s);
        }
    }

    private static JsonNode env(JsonNode container, String name) {
        for (JsonNode e : container.path("env")) {
            if (name.equals(e.path("name").asText())) {
                return e;
            }
        }
        throw new AssertionError(container.path("name").asText() + " sets no env " + name);
    }

    private static String envValue(JsonNode container, String name) {
        return env(container, name).path("value").asText();
    }
}
