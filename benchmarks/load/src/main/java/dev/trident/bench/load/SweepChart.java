package dev.trident.bench.load;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The concurrency sweep of {@code deploy/bench.sh --concurrency 16,64,...}: reads the run's results (one tab-separated
 * line per measurement, the route written {@code route @connections}), takes the median of each route's rounds at
 * each concurrency, service and baseline apart, and writes
 * <ul>
 *   <li>a chart (PNG): one row per route, requests per second and p99 latency against connections, service and
 *   baseline as two series each;</li>
 *   <li>a Markdown table of the same medians, the ratios to the baseline and each side's CPU per request against its
 *   own at the lowest concurrency (how a request's cost grows with load), and the requests the service shed (503
 *   with Retry-After) a second, also drawn as a line of its own;</li>
 *   <li>the service's verdict at each concurrency against the overload targets.</li>
 * </ul>
 *
 * <p>Usage: {@code SweepChart --tsv results.tsv --png sweep.png --table sweep.md [--title TEXT]}.
 */
public final class SweepChart {
    private static final Pattern ROUTE_AT = Pattern.compile("(.+) @(\\d+)");
    private static final String BASELINE = "baseline";

    /** One measurement: a line of the results file. */
    record Measurement(String route, String side, int connections, boolean baseline, double requestsPerSecond,
            double p99Ms, double cpuMsPerRequest, long errors, double shedPerSecond) {
    }

    /** The medians of one route at one concurrency, each side apart, and the median of the rounds' ratios. */
    record Point(String service, int connections, double serviceRps, double serviceP99, double serviceCpu,
            long serviceErrors, double serviceShed, double baselineRps, double baselineP99, double baselineCpu,
            double throughputRatio, double p99Ratio) {
    }

    /**
     * The overload targets, judged on the medians at each concurrency: the route serves at least 0.9x the requests
     * per second of its best concurrency, its served answers' p99 is at most 2x its p99 at 64 connections (the lowest
     * concurrency measured when 64 is not), each served answer costs at most 1.3x the CPU it costs at the lowest
     * concurrency, and no answer is an error (every one is 2xx or a 503 with Retry-After).
     */
    static final double MIN_OF_BEST = 0.9;
    static final double MAX_P99_OF_64 = 2.0;
    static final double MAX_CPU_OF_LOWEST = 1.3;
    private static final int P99_REFERENCE_CONNECTIONS = 64;

    private SweepChart() {
    }

    public static void main(String[] argv) throws IOException {
        Args args = new Args(argv);
        Map<String, List<Point>> sweep = sweep(read(Path.of(args.require("tsv"))));
        if (sweep.isEmpty()) {
            throw new IllegalStateException("no line of the form 'route @connections' in " + args.require("tsv"));
        }
        String title = args.get("title", "");
        Files.writeString(Path.of(args.require("table")), table(sweep) + "\n" + verdicts(sweep));
        BitmapEncoder.saveBitmap(charts(sweep, title), sweep.size(), 2, stripExtension(args.require("png")),
                BitmapFormat.PNG);
    }

    static List<Measurement> read(Path tsv) throws IOException {
        List<Measurement> out = new ArrayList<>();
        for (String line : Files.readAllLines(tsv)) {
            String[] f = line.split("\t");
            if (f.length < 9) {
                continue;
            }
            Matcher m = ROUTE_AT.matcher(f[0]);
            if (!m.matches()) {
                continue;
            }
            out.add(new Measurement(m.group(1), f[1], Integer.parseInt(m.group(2)), BASELINE.equals(f[1]),
                    Double.parseDouble(f[5]), Double.parseDouble(f[7]), Double.parseDouble(f[8]),
                    Long.parseLong(f[3]), f.length > 12 ? Double.parseDouble(f[12]) : 0));
        }
        return out;
    }

    /** Per route (in the order measured), a point per concurrency (ascending). Round i pairs the sides' i-th lines. */
    static Map<String, List<Point>> sweep(List<Measurement> measurements) {
        Map<String, TreeMap<Integer, List<Measurement>>> services = new LinkedHashMap<>();
        Map<String, TreeMap<Integer, List<Measurement>>> baselines = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            (m.baseline() ? baselines : services).computeIfAbsent(m.route(), r -> new TreeMap<>())
                    .computeIfAbsent(m.connections(), c -> new ArrayList<>()).add(m);
        }
        Map<String, List<Point>> sweep = new LinkedHashMap<>();
        services.forEach((route, byConnections) -> byConnections.forEach((connections, service) -> {
            List<Measurement> baseline = baselines.getOrDefault(route, new TreeMap<>()).get(connections);
            if (baseline == null) {
                return;
            }
            int rounds = Math.min(service.size(), baseline.size());
            List<Double> throughput = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                throughput.add(service.get(i).requestsPerSecond() / baseline.get(i).requestsPerSecond());
                p99.add(service.get(i).p99Ms() / baseline.get(i).p99Ms());
            }
            long errors = service.stream().mapToLong(Measurement::errors).sum();
            sweep.computeIfAbsent(route, r -> new ArrayList<>()).add(new Point(service.get(0).side(), connections,
                    median(service, Measurement::requestsPerSecond), median(service, Measurement::p99Ms),
                    median(service, Measurement::cpuMsPerRequest), errors,
                    median(service, Measurement::shedPerSecond),
                    median(baseline, Measurement::requestsPerSecond), median(baseline, Measurement::p99Ms),
                    median(baseline, Measurement::cpuMsPerRequest), median(throughput), median(p99)));
        }));
        return sweep;
    }

    static String table(Map<String, List<Point>> sweep) {
        StringBuilder out = new StringBuilder();
        out.append("| route | connections | service req/s | p99 ms | CPU ms/req | CPU vs lowest | baseline req/s"
                + " | p99 ms"
                + " | CPU ms/req | CPU vs lowest | throughput ratio | p99 ratio | service errors | service shed/s |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        sweep.forEach((route, points) -> {
            Point lowest = points.get(0);
            for (Point p : points) {
                out.append(String.format(Locale.ROOT,
                        "| %s | %d | %,.0f | %.1f | %.3f | %.2fx | %,.0f | %.1f | %.3f | %.2fx | %.2f | %.2f | %d | %,.0f |%n",
                        route, p.connections(), p.serviceRps(), p.serviceP99(), p.serviceCpu(),
                        p.serviceCpu() / lowest.serviceCpu(), p.baselineRps(), p.baselineP99(), p.baselineCpu(),
                        p.baselineCpu() / lowest.baselineCpu(), p.throughputRatio(), p.p99Ratio(),
                        p.serviceErrors(), p.serviceShed()));
            }
        });
        return out.toString();
    }

    /** The service's verdict at each concurrency against the overload targets ({@link #MIN_OF_BEST}...). */
    static String verdicts(Map<String, List<Point>> sweep) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "Verdict per concurrency (targets: req/s at"
                + " least %.1fx the route's best, p99 at most %.0fx its p99 at %d connections, CPU per served request"
                + " at most %.1fx its CPU at the lowest concurrency, no answer other than 2xx or 503 with"
                + " Retry-After):%n%n", MIN_OF_BEST, MAX_P99_OF_64, P99_REFERENCE_CONNECTIONS, MAX_CPU_OF_LOWEST));
        out.append("| route | connections | req/s vs best | p99 vs @64 | CPU vs lowest | shed/s | errors | verdict |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---|\n");
        sweep.forEach((route, points) -> {
            Point lowest = points.get(0);
            Point p99Reference = points.stream().filter(p -> p.connections() == P99_REFERENCE_CONNECTIONS).findFirst()
                    .orElse(lowest);
            double best = points.stream().mapToDouble(Point::serviceRps).max().orElse(0);
            for (Point p : points) {
                double ofBest = p.serviceRps() / best;
                double p99 = p.serviceP99() / p99Reference.serviceP99();
                double cpu = p.serviceCpu() / lowest.serviceCpu();
                List<String> missed = new ArrayList<>();
                if (ofBest < MIN_OF_BEST) {
                    missed.add("req/s");
                }
                if (p99 > MAX_P99_OF_64) {
                    missed.add("p99");
                }
                if (cpu > MAX_CPU_OF_LOWEST) {
                    missed.add("CPU");
                }
                if (p.serviceErrors() > 0) {
                    missed.add("errors");
                }
                out.append(String.format(Locale.ROOT, "| %s | %d | %.2fx | %.2fx | %.2fx | %,.0f | %d | %s |%n", route,
                        p.connections(), ofBest, p99, cpu, p.serviceShed(), p.serviceErrors(),
                        missed.isEmpty() ? "met" : "missed: " + String.join(", ", missed)));
            }
        });
        return out.toString();
    }

    static List<XYChart> charts(Map<String, List<Point>> sweep, String title) {
        List<XYChart> charts = new ArrayList<>();
        sweep.forEach((route, points) -> {
            double[] x = points.stream().mapToDouble(Point::connections).toArray();
            String service = points.get(0).service();
            XYChart throughput = chart(route + ": requests per second" + (title.isEmpty() ? "" : " (" + title + ")"),
                    "req/s", service, x, points.stream().mapToDouble(Point::serviceRps).toArray(),
                    points.stream().mapToDouble(Point::baselineRps).toArray());
            double[] shed = points.stream().mapToDouble(Point::serviceShed).toArray();
            if (java.util.Arrays.stream(shed).anyMatch(v -> v > 0)) {
                series(throughput, service + " shed (503 + Retry-After)", x, shed, new Color(0xd6, 0x27, 0x28));
            }
            charts.add(throughput);
            charts.add(chart(route + ": p99 latency", "p99 ms", service, x,
                    points.stream().mapToDouble(Point::serviceP99).toArray(),
                    points.stream().mapToDouble(Point::baselineP99).toArray()));
        });
        return charts;
    }

    private static XYChart chart(String title, String yTitle, String serviceName, double[] x, double[] service,
            double[] baseline) {
        XYChart chart = new XYChartBuilder().width(560).height(340).title(title).xAxisTitle("connections")
                .yAxisTitle(yTitle).build();
        // Throughput falls and latency rises with connections: each legend in the corner its lines leave free.
        chart.getStyler().setLegendPosition(yTitle.startsWith("p99") ? LegendPosition.InsideNW
                : LegendPosition.InsideSW);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisDecimalPattern("#");
        series(chart, serviceName, x, service, new Color(0x1f, 0x77, 0xb4));
        series(chart, "SDK baseline", x, baseline, new Color(0x88, 0x88, 0x88));
        return chart;
    }

    private static void series(XYChart chart, String name, double[] x, double[] y, Color color) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setLineColor(color);
        s.setMarkerColor(color);
        s.setLineStyle(new BasicStroke(2f));
    }

    private static double median(List<Measurement> values, java.util.function.ToDoubleFunction<Measurement> f) {
        return median(values.stream().map(f::applyAsDouble).toList());
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String stripExtension(String file) {
        return file.endsWith(".png") ? file.substring(0, file.length() - 4) : file;
    }
}
