/// Polls `condition`, yielding between tries, a bounded number of times.
package func eventually(_ condition: () async -> Bool) async -> Bool {
  for _ in 0..<20_000 {
    if await condition() { return true }
    await Task.yield()
  }
  return await condition()
}

/// Whether `condition` holds within `seconds` of real time, checked every 50 ms without holding
/// a thread: for what happens outside Swift concurrency (an OS thread starting or ending).
package func holds(within seconds: Double, _ condition: () -> Bool) async -> Bool {
  let start = ContinuousClock.now
  while ContinuousClock.now - start < .seconds(seconds) {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(50))
  }
  return condition()
}

extension Task {
  /// The task's result; when the waiting test is cancelled (its time limit passed), the task is
  /// cancelled too, so a regression fails the test instead of hanging the run.
  package var resultCancellingWithCaller: Result<Success, Failure> {
    get async {
      await withTaskCancellationHandler {
        await result
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Task where Failure == Never {
  /// The task's value; cancelling the waiting test cancels the task too.
  package var valueCancellingWithCaller: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}
