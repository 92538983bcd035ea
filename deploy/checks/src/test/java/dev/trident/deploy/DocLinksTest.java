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
            String anchor = heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                    .replace(' ', '-');
            String unique = anchor;
            for (int n = 1; !anchors.add(unique); n++) {
                unique = anchor + "-" + n;
            }
        }
        return anchors;
    }

    /** The Markdown files git tracks or would track (untracked files not ignored), so the check sees a new page. */
    private static List<Path> markdownFiles() throws Exception {
        Process git = new ProcessBuilder("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--",
                "*.md").directory(Repo.ROOT.toFile()).redirectErrorStream(true).start();
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
