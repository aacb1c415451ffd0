/// Names and places for synthetic data: Dutch-style, with the accents and letters real staff
/// lists hold (ë, ö, ş, ł), so every benchmark also exercises non-ASCII text.
enum SyntheticNames {
    static let firstNames = [
        "Anouk", "Bram", "Chloë", "Daan", "Eva", "Femke", "Gijs", "Hatice", "Ivo", "Jasper", "Kim", "Lotte",
        "Marieke", "Niels", "Özlem", "Pieter", "Renée", "Sanne", "Thijs", "Ufuk", "Vera", "Wout", "Youssef",
        "Zoë", "Łukasz", "Jürgen", "Noëlle", "Ayşe", "Sem", "Tess",
    ]
    static let lastNames = [
        "de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder",
        "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Leeuwen", "Dekker", "Brouwer", "de Wit",
        "Dijkstra", "Yılmaz", "El Amrani", "Nowak", "Müller", "Şahin", "Çelik", "Verhoeven",
    ]

    struct City {
        let name: String
        let postcodePrefix: String
        let streets: [String]
    }

    static let cities = [
        City(name: "Arnhem", postcodePrefix: "68", streets: ["Steenstraat", "Sonsbeeksingel", "Rijnkade", "Velperweg"]),
        City(name: "Ede", postcodePrefix: "67", streets: ["Molenstraat", "Stationsweg", "Bospoort"]),
        City(name: "Rotterdam", postcodePrefix: "30", streets: ["Coolsingel", "Nieuwe Binnenweg", "Zaagmolenkade"]),
        City(name: "Schiedam", postcodePrefix: "31", streets: ["Hoogstraat", "Lange Haven", "Broersvest"]),
    ]

    static func person(_ first: Int, _ last: Int) -> String {
        "\(firstNames[first % firstNames.count]) \(lastNames[last % lastNames.count])"
    }

    /// Two letters as in a Dutch postcode ("6811 AB"); Dutch postcodes skip F, I, O, Q, U and Y.
    static func postcodeLetters(_ value: Int) -> String {
        let letters = Array("ABCDEGHJKLMNPRSTVWXZ")
        return String([letters[value % letters.count], letters[value / letters.count % letters.count]])
    }
}
