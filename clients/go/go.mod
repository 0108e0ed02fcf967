module analytics-sandbox/clients/go

go 1.19
