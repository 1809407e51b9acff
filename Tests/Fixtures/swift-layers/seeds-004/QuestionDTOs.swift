// The DTOs seed 004's router reads (index, myAnswer, pageNo); fields as in specs/question.yaml.

import Foundation

struct AnswerQuestionRequestDTO: Codable {
    let index: Int
    let myAnswer: String
}

struct PressForAnswerRequestDTO: Codable {
    let index: Int
}

struct QuestionPage: Codable {
    let pageNo: Int
}
