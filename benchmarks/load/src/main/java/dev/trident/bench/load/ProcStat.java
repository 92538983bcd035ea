package dev.trident.bench.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time (user + system) of a process, or of its JIT compiler threads, from /proc, in milliseconds. */
final class ProcStat {
    private ProcStat() {
    }

    static double cpuMillis(String pid, int clockTicks) {
        return ticks(Path.of("/proc", pid, "stat")) * 1000.0 / clockTicks;
    }

    /** The CPU time of the process's C1 and C2 compiler threads, as deploy/bench.sh reads it for the services. */
    static double jitMillis(String pid, int clockTicks) {
        double ticks = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", pid, "task"))) {
            for (Path task : tasks) {
                String name;
                try {
                    name = Files.readString(task.resolve("comm"));
                } catch (IOException gone) {
                    continue;
                }
                if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                    double t = ticks(task.resolve("stat"));
                    ticks += Double.isNaN(t) ? 0 : t;
                }
            }
        } catch (IOException e) {
            return Double.NaN;
        }
        return ticks * 1000.0 / clockTicks;
    }

    /** utime + stime of a /proc stat file, in clock ticks (NaN once it is gone). */
    private static double ticks(Path statFile) {
        try {
            String stat = Files.readString(statFile);
            // Fields after the command name (which may contain spaces) start at field 3 (state).
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime (14) + stime (15)
        } catch (IOException e) {
            return Double.NaN;
        }
    }
}
