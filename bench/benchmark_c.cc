// The C interface of benchmark_c.h over Google Benchmark 1.7. The only C++
// in ecbench: everything else is C.
#include "benchmark_c.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

// ecxb_state and ecxb_bench are never defined: the C handles are the
// addresses of Google Benchmark's own objects.

namespace {

inline benchmark::State &S(ecxb_state *s) { return *reinterpret_cast<benchmark::State *>(s); }
inline const benchmark::State &S(const ecxb_state *s) { return *reinterpret_cast<const benchmark::State *>(s); }
inline ecxb_state *C(benchmark::State &s) { return reinterpret_cast<ecxb_state *>(&s); }

struct Result {
    std::string name, aggregate;
    ecxb_result c;
};
std::vector<Result> results;
bool machine_readable = false;
bool show_repetitions = false;

double ns_per_unit(benchmark::TimeUnit u)
{
    switch (u) {
    case benchmark::kSecond: return 1e9;
    case benchmark::kMillisecond: return 1e6;
    case benchmark::kMicrosecond: return 1e3;
    default: return 1.0;
    }
}

// Wraps the display reporter that --benchmark_format chose: forwards
// everything to it and keeps a copy of each run's name and times.
class CapturingReporter : public benchmark::BenchmarkReporter {
  public:
    explicit CapturingReporter(benchmark::BenchmarkReporter *inner) : inner_(inner) {}

    bool ReportContext(const Context &context) override { return inner_->ReportContext(context); }

    void ReportRuns(const std::vector<Run> &runs) override
    {
        for (const Run &run : runs) {
            if (run.run_type == Run::RT_Aggregate && run.aggregate_unit != benchmark::kTime) continue; // cv
            Result r;
            r.name = run.run_name.str();
            r.aggregate = run.run_type == Run::RT_Aggregate ? run.aggregate_name : std::string();
            r.c.error = run.error_occurred ? 1 : 0;
            r.c.iterations = static_cast<int64_t>(run.iterations);
            double k = ns_per_unit(run.time_unit);
            r.c.real_ns = run.error_occurred ? 0.0 : run.GetAdjustedRealTime() * k;
            r.c.cpu_ns = run.error_occurred ? 0.0 : run.GetAdjustedCPUTime() * k;
            results.push_back(std::move(r));
        }
        // The console shows a repeated row by its aggregates only, unless
        // asked otherwise (Google Benchmark reports a row's repetitions and
        // its aggregates in two calls); machine formats get every run.
        if (machine_readable || show_repetitions) {
            inner_->ReportRuns(runs);
            return;
        }
        std::vector<Run> shown;
        for (const Run &run : runs)
            if (run.run_type == Run::RT_Aggregate || run.repetitions <= 1) shown.push_back(run);
        if (!shown.empty()) inner_->ReportRuns(shown);
    }

    void Finalize() override { inner_->Finalize(); }

  private:
    benchmark::BenchmarkReporter *inner_;
};

} // namespace

extern "C" {

ecxb_bench *ecxb_register(const char *name, ecxb_fn fn, void *arg)
{
    benchmark::internal::Benchmark *b =
        benchmark::RegisterBenchmark(name, [fn, arg](benchmark::State &st) { fn(C(st), arg); });
    return reinterpret_cast<ecxb_bench *>(b);
}

void ecxb_set_unit(ecxb_bench *b, ecxb_unit unit)
{
    static const benchmark::TimeUnit units[] = {benchmark::kNanosecond, benchmark::kMicrosecond,
                                                benchmark::kMillisecond, benchmark::kSecond};
    if (b && unsigned(unit) < 4) reinterpret_cast<benchmark::internal::Benchmark *>(b)->Unit(units[unit]);
}

int ecxb_keep_running(ecxb_state *s) { return S(s).KeepRunning() ? 1 : 0; }
int ecxb_keep_running_batch(ecxb_state *s, int64_t n)
{
    return S(s).KeepRunningBatch(static_cast<benchmark::IterationCount>(n)) ? 1 : 0;
}
int64_t ecxb_iterations(const ecxb_state *s) { return static_cast<int64_t>(S(s).iterations()); }

void ecxb_pause_timing(ecxb_state *s) { S(s).PauseTiming(); }
void ecxb_resume_timing(ecxb_state *s) { S(s).ResumeTiming(); }
void ecxb_skip_with_error(ecxb_state *s, const char *message) { S(s).SkipWithError(message); }

void ecxb_set_items_processed(ecxb_state *s, int64_t items) { S(s).SetItemsProcessed(items); }

void ecxb_set_counter(ecxb_state *s, const char *name, double value, unsigned flags)
{
    int f = benchmark::Counter::kDefaults;
    if (flags & ECXB_COUNTER_RATE) f |= benchmark::Counter::kIsRate;
    if (flags & ECXB_COUNTER_AVG_ITERATIONS) f |= benchmark::Counter::kAvgIterations;
    if (flags & ECXB_COUNTER_INVERT) f |= benchmark::Counter::kInvert;
    S(s).counters[name] = benchmark::Counter(value, static_cast<benchmark::Counter::Flags>(f));
}

void ecxb_print_flags_help(void) { benchmark::PrintDefaultHelp(); }

int ecxb_run(int *argc, char **argv)
{
    benchmark::Initialize(argc, argv);
    if (*argc > 1) {
        for (int i = 1; i < *argc; i++) std::fprintf(stderr, "%s: unrecognized argument '%s'\n", argv[0], argv[i]);
        std::fprintf(stderr, "%s: try --help\n", argv[0]);
        return 1;
    }
    // The reporter --benchmark_format asks for; the library keeps ownership.
    benchmark::BenchmarkReporter *display = benchmark::CreateDefaultDisplayReporter();
    machine_readable = dynamic_cast<benchmark::ConsoleReporter *>(display) == nullptr;
    CapturingReporter capture(display);
    results.clear();
    benchmark::RunSpecifiedBenchmarks(&capture);
    benchmark::Shutdown();
    // Names are final now: point the C views at the stored strings.
    for (Result &r : results) {
        r.c.name = r.name.c_str();
        r.c.aggregate = r.aggregate.c_str();
    }
    std::fflush(stdout);
    return 0;
}

void ecxb_show_repetitions(int show) { show_repetitions = show != 0; }

int ecxb_rows_machine_readable(void) { return machine_readable ? 1 : 0; }

size_t ecxb_result_count(void) { return results.size(); }
const ecxb_result *ecxb_result_at(size_t i) { return i < results.size() ? &results[i].c : nullptr; }

} // extern "C"
