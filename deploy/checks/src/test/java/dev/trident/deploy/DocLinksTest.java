package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of every committed Markdown file resolves: the file or folder exists in the repository and,
 * for a {@code #fragment} into a Markdown file, that file has a heading of that name (GitHub's anchors). Links to
 * other sites are not followed; a link may not leave the repository.
 */
class DocLinksTest {
    /** {@code [text](target)} and {@code ![alt](target)}, the target up to a space or the closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*```.*?^\\s*```\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkOfEveryMarkdownFileResolves() throws Exception {
        List<Path> files = markdownFiles();
        assertFalse(files.isEmpty(), "git lists the Markdown files");
        List<String> broken = new ArrayList<>();
        for (Path file : files) {
            String text = CODE_SPAN.matcher(FENCE.matcher(Files.readString(file)).replaceAll("")).replaceAll("");
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue;   // another site (https:, mailto:)
                }
                String problem = problem(file, target);
                if (problem != null) {
                    broken.add(Repo.ROOT.relativize(file) + ": " + target + " (" + problem + ")");
                }
            }
        }
        assertEquals(List.of(), broken, "links that do not resolve");
    }

    /**
     * A page named in a configuration or build file: a path ending in {@code .md}, or a bare {@code README} (the
     * nearest one up from the file), optionally followed by the section it means in quotes:
     * {@code docs/operations.md "Shutdown"}.
     */
    private static final Pattern PAGE_REFERENCE = Pattern.compile(
            "(?<![\\w/.-])((?:[\\w.-]+/)*(?:[\\w.-]+\\.md|README))(?:'s)?(?: \"([^\"]+)\")?");

    @Test
    void everyPageAndSectionThatConfigurationAndBuildFilesPointToExists() throws Exception {
        List<String> broken = new ArrayList<>();
        for (Path file : trackedFiles("*.properties", "*.yaml", "*.yml", "pom.xml")) {
            Matcher reference = PAGE_REFERENCE.matcher(Files.readString(file));
            while (reference.find()) {
                Path page = page(file, reference.group(1));
                String section = reference.group(2);
                if (page == null) {
                    broken.add(Repo.ROOT.relativize(file) + ": " + reference.group(1) + " (no such file)");
                } else if (section != null && !anchors(page).contains(anchor(section))) {
                    broken.add(Repo.ROOT.relativize(file) + ": " + reference.group() + " (" + Repo.ROOT.relativize(page)
                            + " has no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken, "pages or sections named in comments that do not exist");
    }

    /** The page a reference names: from the checkout's root, else from the file's folder; a bare README the nearest. */
    private static Path page(Path file, String reference) {
        if (reference.equals("README")) {
            for (Path dir = file.getParent(); dir != null && dir.startsWith(Repo.ROOT); dir = dir.getParent()) {
                if (Files.exists(dir.resolve("README.md"))) {
                    return dir.resolve("README.md");
                }
            }
            return null;
        }
        for (Path candidate : List.of(Repo.ROOT.resolve(reference), file.getParent().resolve(reference))) {
            if (Files.isRegularFile(candidate.normalize())) {
                return candidate.normalize();
            }
        }
        return null;
    }

    private static String problem(Path file, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String fragment = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!resolved.startsWith(Repo.ROOT)) {
            return "outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (fragment != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(fragment)) {
            return "no such heading";
        }
        return null;
    }

    /** GitHub's anchors of a file's headings: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
    static Set<String> anchors(Path file) throws IOException {
        Set<String> anchors = new HashSet<>();
        String text = FENCE.matcher(Files.readString(file)).replaceAll("");
        Matcher heading = HEADING.matcher(text);
        while (heading.find()) {
            String anchor = anchor(heading.group(1));
            String unique = anchor;
            for (int n = 1; !anchors.add(unique); n++) {
                unique = anchor + "-" + n;
            }
        }
        return anchors;
    }

    /** A heading's anchor as GitHub spells it (without the number a repeated heading gets). */
    private static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    /** The Markdown files git tracks or would track (untracked files not ignored), so the check sees a new page. */
    private static List<Path> markdownFiles() throws Exception {
        return trackedFiles("*.md");
    }

    /** The files git tracks or would track whose names match one of {@code patterns}. */
    private static List<Path> trackedFiles(String... patterns) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "ls-files", "--cached", "--others", "--exclude-standard",
                "-z", "--"));
        for (String pattern : patterns) {
            command.add(pattern);
            command.add("**/" + pattern);
        }
        Process git = new ProcessBuilder(command).directory(Repo.ROOT.toFile()).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, git.waitFor(), out);
        List<Path> files = new ArrayList<>();
        for (String name : out.split("\0")) {
            if (!name.isEmpty() && Files.exists(Repo.ROOT.resolve(name))) {
                files.add(Repo.ROOT.resolve(name));
            }
        }
        return files;
    }
}
