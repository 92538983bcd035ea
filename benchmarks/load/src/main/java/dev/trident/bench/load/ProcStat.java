package dev.trident.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time (user + system) of a process from /proc/<pid>/stat, in milliseconds. */
final class ProcStat {
    private ProcStat() {
    }

    static double cpuMillis(String pid, int clockTicks) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            // Fields after the command name (which may contain spaces) start at field 3 (state).
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime (14) + stime (15)
            return ticks * 1000.0 / clockTicks;
        } catch (IOException e) {
            return Double.NaN;
        }
    }
}
