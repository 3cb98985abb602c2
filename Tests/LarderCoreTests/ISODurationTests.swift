import Testing

@testable import LarderCore

@Suite struct ISODurationTests {
  @Test func readsCommonRecipeDurations() {
    #expect(ISODuration("PT1H30M")?.minutes == 90)
    #expect(ISODuration("P0DT45M")?.minutes == 45)
    #expect(ISODuration("PT90M")?.minutes == 90)
    #expect(ISODuration("P0DT0H0M")?.minutes == 0)
    #expect(ISODuration("P1D")?.minutes == 1440)
    #expect(ISODuration("P1DT2H")?.minutes == 1560)
    #expect(ISODuration("PT0.5H")?.minutes == 30)
    #expect(ISODuration("PT45S")?.minutes == 1)
    #expect(ISODuration("pt20m")?.minutes == 20)
    #expect(ISODuration(" PT5M ")?.minutes == 5)
    #expect(ISODuration("P1W")?.minutes == 10_080)
    #expect(ISODuration("P0Y0M0DT0H35M0.000S")?.minutes == 35)  // zero years and months are fine
  }

  @Test func rejectsWhatIsNotADuration() {
    #expect(ISODuration("") == nil)
    #expect(ISODuration("P") == nil)
    #expect(ISODuration("PT") == nil)
    #expect(ISODuration("20 minutes") == nil)
    #expect(ISODuration("P1M") == nil)  // a month has no fixed length
    #expect(ISODuration("PT1D") == nil)  // days belong before T
    #expect(ISODuration("PT10") == nil)
    #expect(ISODuration("PTXM") == nil)
  }
}
