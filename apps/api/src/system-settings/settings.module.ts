import { Module } from '@nestjs/common';
import { InvestorReportSchedulesRepository } from './investor-reports/investor-report-schedules.repository';
import { InvestorReportSchedulesService } from './investor-reports/investor-report-schedules.service';
import { InvestorReportSettingsService } from './investor-reports/investor-report-settings.service';
import { InvestorReportsController } from './investor-reports/investor-reports.controller';
import { TgBotSettingsController } from './telegram/tg-bot-settings.controller';
import { TgBotSettingsService } from './telegram/tg-bot-settings.service';
import { SmtpSettingsController } from './smtp/smtp-settings.controller';
import { SmtpSettingsService } from './smtp/smtp-settings.service';

/** System settings reached under notifications/: the Telegram bot, email (SMTP), investor reports and their schedule. */
@Module({
  controllers: [TgBotSettingsController, SmtpSettingsController, InvestorReportsController],
  providers: [TgBotSettingsService, SmtpSettingsService, InvestorReportSettingsService, InvestorReportSchedulesService, InvestorReportSchedulesRepository],
})
export class SettingsModule {}
