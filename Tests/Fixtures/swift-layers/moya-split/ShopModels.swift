import Foundation

enum DeliveryOption: String, Codable {
    case standard
    case express
    case storePickup = "store_pickup"
}

enum InvoiceFormat: String {
    case pdf
    case html
}

struct OrderRequest: Codable {
    struct Item: Codable {
        let productID: Int
        let quantity: Int

        enum CodingKeys: String, CodingKey {
            case productID = "product_id"
            case quantity
        }
    }

    let items: [Item]
    let couponCode: String?
    let delivery: DeliveryOption

    enum CodingKeys: String, CodingKey {
        case items
        case couponCode = "coupon_code"
        case delivery
    }
}

struct Product: Codable {
    struct Image: Codable {
        let url: String
        let width: Int?
        let height: Int?
    }

    let id: Int
    let name: String
    let priceCents: Int
    let tags: [String]
    let inStock: Bool
    let images: [Image]?

    enum CodingKeys: String, CodingKey {
        case id, name, tags, images
        case priceCents = "price_cents"
        case inStock = "in_stock"
    }
}

struct AnalyticsEvent: Encodable {
    let name: String
    let properties: [String: String]
    let occurredAt: String?

    enum CodingKeys: String, CodingKey {
        case name, properties
        case occurredAt = "occurred_at"
    }
}
