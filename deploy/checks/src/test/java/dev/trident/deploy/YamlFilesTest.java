package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class YamlFilesTest {
    @Test
    void everyYamlFileUnderDeployParses() {
        List<Path> files = Repo.files(Repo.DEPLOY, ".yaml", ".yml");
        assertTrue(files.size() >= 8, "compose, kubernetes and cloudformation files found: " + files);
        for (Path f : files) {
            assertFalse(Repo.yamlDocuments(f).isEmpty(), Repo.ROOT.relativize(f) + " holds no document");
        }
    }

    @Test
    void kustomizationListsEveryManifestButTheSecretTemplate() throws Exception {
        Set<String> listed = new TreeSet<>();
        Repo.yaml(Repo.KUBERNETES.resolve("kustomization.yaml")).path("resources")
                .forEach(r -> listed.add(r.asText()));
        Set<String> present = new TreeSet<>();
        try (var s = Files.list(Repo.KUBERNETES)) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml") && !n.equals("kustomization.yaml") && !n.contains(".template."))
                    .forEach(present::add);
        }
        org.junit.jupiter.api.Assertions.assertEquals(present, listed);
        assertTrue(Files.exists(Repo.KUBERNETES.resolve("secret.template.yaml")), "the Secret template is documented");
    }
}
