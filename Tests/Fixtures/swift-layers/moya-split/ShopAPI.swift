import Foundation
import MoyaStandIn

enum ShopAPI {
    case home
    case products(category: String?, tags: [String], inStock: Bool, page: Int)
    case product(id: Int)
    case login(email: String, password: String)
    case subscribeNewsletter(email: String, topics: [String])
    case createOrder(cartID: String, order: OrderRequest)
    case updateOrderNote(orderID: Int, note: String)
    case removeCartItems(cartID: String, itemIDs: [Int])
    case uploadAvatar(image: Data, caption: String)
    case uploadReviewPhotos(productID: Int, photos: [Data], rating: Int)
    case invoice(orderID: Int, format: InvoiceFormat)
}

extension ShopAPI: BaseTargetType {
    var path: String {
        switch self {
        case .home:
            return ""
        case .products:
            return "/products"
        case .product(let id):
            return "/products/\(id)"
        case .login:
            return "/auth/token"
        case .subscribeNewsletter:
            return "/newsletter/subscriptions"
        case .createOrder:
            return "/orders"
        case .updateOrderNote(let orderID, _):
            return "/orders/\(orderID)/note"
        case .removeCartItems(let cartID, _):
            return "/carts/\(cartID)/items"
        case .uploadAvatar:
            return "/me/avatar"
        case .uploadReviewPhotos(let productID, _, _):
            return "/products/\(productID)/reviews/photos"
        case .invoice(let orderID, _):
            return "/orders/\(orderID)/invoice"
        }
    }

    var method: Moya.Method {
        switch self {
        case .home, .products, .product, .invoice:
            return .get
        case .updateOrderNote:
            return .put
        case .removeCartItems:
            return .delete
        default:
            return .post
        }
    }

    var task: Task {
        switch self {
        case .home, .product:
            return .requestPlain

        case let .products(category, tags, inStock, page):
            var parameters: [String: Any] = [
                "tags": tags,
                "in_stock": inStock,
                "page": page,
                "per_page": 20,
            ]
            if let category = category {
                parameters["category"] = category
            }
            return .requestParameters(parameters: parameters, encoding: URLEncoding.default)

        case let .login(email, password):
            let parameters = ["grant_type": "password", "username": email, "password": password]
            return .requestParameters(parameters: parameters, encoding: URLEncoding.default)

        case let .subscribeNewsletter(email, topics):
            return .requestParameters(parameters: ["email": email, "topics": topics], encoding: URLEncoding.httpBody)

        case let .createOrder(cartID, order):
            var body: [String: Any] = [
                "items": order.items.map { ["product_id": $0.productID, "quantity": $0.quantity] },
                "delivery": order.delivery.rawValue,
            ]
            if let couponCode = order.couponCode {
                body["coupon_code"] = couponCode
            }
            return .requestCompositeParameters(bodyParameters: body, bodyEncoding: JSONEncoding.default, urlParameters: ["cart_id": cartID])

        case let .updateOrderNote(_, note):
            return .requestCompositeData(bodyData: Data(note.utf8), urlParameters: ["notify_seller": true])

        case let .removeCartItems(_, itemIDs):
            return .requestParameters(parameters: ["ids": itemIDs], encoding: URLEncoding.default)

        case let .uploadAvatar(image, caption):
            let formData = [
                MultipartFormData(provider: .data(image), name: "image", fileName: "a.jpg", mimeType: "image/jpeg"),
                MultipartFormData(provider: .data(Data(caption.utf8)), name: "caption"),
            ]
            return .uploadMultipart(formData)

        case let .uploadReviewPhotos(_, photos, rating):
            let formData = photos.enumerated().map { index, photo in
                MultipartFormData(provider: .data(photo), name: "photos[]", fileName: "photo\(index).jpg", mimeType: "image/jpeg")
            }
            return .uploadCompositeMultipart(formData, urlParameters: ["rating": rating])

        case let .invoice(_, format):
            return .downloadParameters(parameters: ["format": format.rawValue], encoding: URLEncoding.queryString, destination: ShopAPI.invoiceDestination)
        }
    }

    private static var invoiceDestination: DownloadDestination {
        return { temporaryURL, _ in
            let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            let fileURL = caches.appendingPathComponent("invoices").appendingPathComponent(temporaryURL.lastPathComponent)
            return (fileURL, [.createIntermediateDirectories, .removePreviousFile])
        }
    }
}
