import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct SparklineRendererTests {
  private let blocks = SparklineRenderer.blocks

  @Test func emptySeriesDrawsNothing() {
    expectEqual(blocks.render([], width: 24), "")
    expectEqual(blocks.render([nil, nil], width: 24), "")
    expectEqual(blocks.render([.nan, .infinity], width: 24), "")
    expectEqual(blocks.render([1, 2, 3], width: 0), "")
  }

  @Test func onePointIsDrawnAtMidHeight() {
    expectEqual(blocks.render([42], width: 24), "▅")
  }

  @Test func flatSeriesIsDrawnAtMidHeight() {
    expectEqual(blocks.render([3, 3, 3, 3], width: 24), "▅▅▅▅")
    #expect(
      blocks.render(Array(repeating: 7, count: 168), width: 24) == String(repeating: "▅", count: 24)
    )
  }

  @Test func risingSeriesUsesEveryLevel() {
    expectEqual(blocks.render([0, 1, 2, 3, 4, 5, 6, 7], width: 24), "▁▂▃▄▅▆▇█")
    expectEqual(blocks.render([7, 6, 5, 4, 3, 2, 1, 0], width: 8), "█▇▆▅▄▃▂▁")
  }

  @Test func missingPointsAreSkipped() {
    expectEqual(blocks.render([1, nil, 8, nil], width: 24), "▁█")
  }

  @Test func nonFinitePointsAreSkipped() {
    expectEqual(blocks.render([1, .nan, .infinity, 8, -.infinity], width: 24), "▁█")
  }

  @Test func hugeRangeDoesNotOverflow() {
    #expect(
      blocks.render([-Double.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude], width: 3)
        == "▅▅▅")
  }

  @Test func asciiLevels() {
    expectEqual(SparklineRenderer.ascii.render([0, 1, 2, 3, 4, 5, 6, 7], width: 8), "_.-~=+*^")
    expectEqual(SparklineRenderer.ascii.render([5], width: 8), "=")
  }

  @Test func resamplingKeepsTheGlobalPeakAndTrough() {
    // A gentle wave between 10 and 20, a spike at hour 101 and a dip at hour 37: neither falls
    // on a multiple of 7, so sampling every 7th point would lose both.
    var series: [Double?] = (0..<168).map { 15 + 5 * sin(Double($0) / 9) }
    series[101] = 100
    series[37] = 1
    let line = blocks.render(series, width: 24)
    expectEqual(line.count, 24)
    #expect(
      line == String(repeating: "▂", count: 5) + "▁" + String(repeating: "▂", count: 8) + "█"
        + String(repeating: "▂", count: 9))
  }

  @Test func peakAndTroughSurviveBucketsThatLeanTheOtherWay() {
    // Hours 21-27 are mostly at the week's high with one dip, so that bucket leans low; hours
    // 70-76 are mostly at the week's low with one spike, so that one leans high.
    var series: [Double?] = Array(repeating: 40, count: 168)
    for hour in 21...26 { series[hour] = 100 }
    series[27] = 20
    for hour in 70...75 { series[hour] = 0 }
    series[76] = 80
    #expect(
      blocks.render(series, width: 24)
        == "▄▄▄█" + String(repeating: "▄", count: 6) + "▁" + String(repeating: "▄", count: 13))
  }

  @Test func resamplingKeepsEachBucketsExtreme() {
    let points: [Double] = [3, 0, 5, 5, 5, 5, 5, 9, 10, 5]
    expectEqual(SparklineRenderer.resample(points, to: 5), [0, 5, 5, 9, 10])
    expectEqual(SparklineRenderer.resample(points, to: 10), points)
    expectEqual(SparklineRenderer.resample(points, to: 20), points)
  }

  @Test func longSeriesFillsTheWidthExactly() {
    let series: [Double?] = (0..<168).map { Double($0 % 13) }
    for width in [1, 8, 13, 24, 100, 167, 168, 200] {
      expectEqual(blocks.render(series, width: width).count, min(width, 168))
    }
  }
}
