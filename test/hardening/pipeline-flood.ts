// The pipelined flood of the hostile-load tests: the benchmark's own (bench/pipeline-flood.mjs), which
// measures the goal these tests hold only a liveness bound of.
export { LARGE_ANSWER_REQUEST, pipelineFlood, type Flood } from '../../bench/pipeline-flood.mjs'
