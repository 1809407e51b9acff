// Seed 004, Code03 and the extension after it: the question router, as the post shows it. The
// post hides its paths ("/..."); these are the ones of specs/question.yaml.

import Foundation
import AlamofireStandIn

// file: "Code03"
enum QuestionAPI {
    case answerQuestion(requestDTO: AnswerQuestionRequestDTO)
    case getLatestQuestionPageNo
    case getQuestion(index: Int)
    case getQuestionList(questionPage: QuestionPage)
    case getTodayQuestion
    case pressForAnswer(requestDTO: PressForAnswerRequestDTO)
}

extension QuestionAPI: Router, URLRequestConvertible {
    var baseURL: String { ClonectAPI.BASE_URL }
    
    var path: String {
        switch self {
        case .answerQuestion:
            return "/api/v1/question"
        case .getLatestQuestionPageNo:
            return "/api/v1/question/latest-page-no"
        case .getQuestion(index: let index):
            return "/api/v1/question/\(index)"
        case .getQuestionList:
            return "/api/v1/questions"
        case .getTodayQuestion:
            return "/api/v1/question/today"
        case .pressForAnswer:
            return "/api/v1/question/press"
        }
    }
    
    var method: Alamofire.HTTPMethod {
        switch self {
        case .answerQuestion:
            return .put
        case .getLatestQuestionPageNo, .getQuestion, .getTodayQuestion:
            return .get
        case .getQuestionList, .pressForAnswer:
            return .post
        }
    }
    
    var header: [String : String] {
        switch self {
        case .answerQuestion,
                .getLatestQuestionPageNo,
                .getQuestion,
                .getQuestionList,
                .getTodayQuestion,
                .pressForAnswer:
            return ["Content-Type": "application/json",
                    "Accept": "application/json"]
        }
    }
    
    var parameters: [String : Any]? {
        switch self {
        case .answerQuestion(requestDTO: let requestDTO):
            return ["index": requestDTO.index,
                    "myAnswer": requestDTO.myAnswer]
        case .getLatestQuestionPageNo, .getQuestion, .getTodayQuestion:
            return nil
        case .getQuestionList(questionPage: let questionPage):
            return ["pageNo": questionPage.pageNo]
        case .pressForAnswer(requestDTO: let requestDTO):
            return ["index": requestDTO.index]
        }
    }
    
    var encoding: Alamofire.ParameterEncoding? {
        switch self {
        case .answerQuestion,
                .getLatestQuestionPageNo,
                .getQuestion,
                .getQuestionList,
                .getTodayQuestion,
                .pressForAnswer:
            return JSONEncoding.default
        }
    }
    
    // /// URLRequestConvertible 프로토콜의 필수 요구사항 구현 메서드
    func asURLRequest() throws -> URLRequest {
        let url = URL(string: baseURL + path)   // 주소(URL) 생성: 서버 주소(baseURL)와 세부 경로(path)를 결합합니다.
        var request = URLRequest(url: url!)     // URLRequest 초기화: 생성된 URL을 바탕으로 네트워크 요청서의 뼈대를 만듭니다.
        
        request.method = method                 // HTTP 메서드 설정: 해당 API에 맞는 전송 방식(GET, POST, PUT, DELETE 등)을 지정합니다.
        request.headers = HTTPHeaders(header)   // HTTP 헤더 주입: JSON 통신 설정 등 미리 정의된 공통 헤더 정보를 요청서에 담습니다.
        
        // 파라미터 인코딩 처리: 
        // 전송할 데이터(parameters)가 있다면, 설정된 인코딩 방식(JSONEncoding 등)에 따라 
        // 데이터를 요청서의 Body에 담거나 URL 뒤에 붙여주는 작업을 수행합니다.
        if let encoding = encoding {
            // 인코딩이 성공하면 파라미터가 포함된 최종 요청서를 반환합니다.
            return try encoding.encode(request, with: parameters)
        }
        
        // 인코딩할 데이터가 없는 경우, 기본 요청서를 그대로 반환합니다.
        return request
    }
}
